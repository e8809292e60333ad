import { contentRoomProblem, resolveOptions } from './resolve-options';
import type { DefaultPdfOptions } from './pdf-options';

const defaults: DefaultPdfOptions = {
  format: 'Letter',
  orientation: 'portrait',
  margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' },
};

describe('resolveOptions', () => {
  it('takes the template defaults when no options are given', () => {
    expect(resolveOptions({}, defaults)).toEqual({ ...defaults, displayHeaderFooter: false, lang: 'en' });
  });

  it('overrides key by key and margin side by side, a bare number kept as the caller wrote it', () => {
    const options = resolveOptions({ format: 'A4', margin: { top: '20mm', left: 48 } }, defaults);
    expect(options.format).toBe('A4');
    expect(options.orientation).toBe('portrait');
    expect(options.margin).toEqual({ top: '20mm', right: '0.75in', bottom: '0.75in', left: '48' });
  });

  it('lets options.orientation beat the data, and the data beat the default', () => {
    expect(resolveOptions({ orientation: 'portrait' }, defaults, 'landscape').orientation).toBe('portrait');
    expect(resolveOptions({}, defaults, 'landscape').orientation).toBe('landscape');
  });

  it('keeps the language and standard asked for', () => {
    expect(resolveOptions({ lang: 'he-IL', pdfStandard: 'PDF/A-2b' }, defaults)).toMatchObject({ lang: 'he-IL', pdfStandard: 'PDF/A-2b' });
  });
});

describe('contentRoomProblem', () => {
  it('refuses margins that leave no room for content, naming the page', () => {
    expect(contentRoomProblem(resolveOptions({ margin: { left: '4.5in', right: '4in' } }, defaults))).toBe(
      'options.margin leaves less than 1in for content on a portrait Letter page',
    );
    expect(contentRoomProblem(resolveOptions({ margin: { left: '3.5in', right: '3.5in' } }, defaults))).toBeNull();
  });
});
