import { resolveOptions } from './resolve-options';
import type { DefaultPdfOptions } from './pdf-options';

const defaults: DefaultPdfOptions = {
  format: 'Letter',
  orientation: 'portrait',
  margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' },
};

describe('resolveOptions', () => {
  it('takes the template defaults when no options are given', () => {
    expect(resolveOptions(undefined, defaults).options).toEqual({ ...defaults, displayHeaderFooter: false });
  });

  it('overrides key by key and margin side by side', () => {
    const { options } = resolveOptions({ format: 'A4', margin: { top: '20mm' } }, defaults);
    expect(options?.format).toBe('A4');
    expect(options?.orientation).toBe('portrait');
    expect(options?.margin).toEqual({ top: '20mm', right: '0.75in', bottom: '0.75in', left: '0.75in' });
  });

  it('lets options.orientation beat the data, and the data beat the default', () => {
    expect(resolveOptions({ orientation: 'portrait' }, defaults, 'landscape').options?.orientation).toBe('portrait');
    expect(resolveOptions({}, defaults, 'landscape').options?.orientation).toBe('landscape');
  });

  it('names every bad field and its valid values', () => {
    const { errors } = resolveOptions(
      { format: 'A3', orientation: 'sideways', margin: { top: 'wide', left: '-1in' }, displayHeaderFooter: 'yes', footerTemplate: 5 },
      defaults,
    );
    expect(errors).toEqual([
      'options.format must be one of: Letter, A4, Legal',
      'options.orientation must be one of: portrait, landscape',
      'options.margin.top must be a CSS length such as 0.75in or 20mm',
      'options.margin.left must be a CSS length such as 0.75in or 20mm',
      'options.displayHeaderFooter must be boolean',
      'options.footerTemplate must be a string of at most 20000 characters',
    ]);
  });

  it('refuses options that are not an object', () => {
    expect(resolveOptions('A4', defaults).errors).toEqual(['options must be an object']);
    expect(resolveOptions({ margin: '1in' }, defaults).errors).toEqual([
      'options.margin must be an object with any of: top, right, bottom, left',
    ]);
  });

  it('refuses margins that leave no room for content', () => {
    expect(resolveOptions({ margin: { left: '4.5in', right: '4in' } }, defaults).errors).toEqual([
      'options.margin leaves less than 1in for content on a portrait Letter page',
    ]);
  });
});
