import { checkKeyName, validateCreate, validateUpdate } from './workspace-input';

const CONTROL = 'name must not contain control characters (U+0000-U+001F, U+007F-U+009F)';

describe('stored names (shared by the operator API and the CLI)', () => {
  it.each(['\u0000', '\u0001', '\t', '\r', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'])('refuses %j', (control) => {
    const name = `Acme${control}Corp`;
    expect(validateCreate({ name, plan: 'free' }).errors).toEqual([CONTROL]);
    expect(validateUpdate({ name }, 'free').errors).toEqual([CONTROL]);
    expect(checkKeyName(name)).toEqual([CONTROL]);
  });

  it('accepts the characters just outside the control ranges', () => {
    const name = ' ~\u00a0é€😀';
    expect(validateCreate({ name: `x${name}`, plan: 'free' }).errors).toEqual([]);
    expect(checkKeyName(name)).toEqual([]);
  });

  it('lets a key go without a name', () => {
    expect(checkKeyName(undefined)).toEqual([]);
    expect(checkKeyName(null)).toEqual([]);
    expect(checkKeyName(7)).toEqual(['name must be a string of at most 200 characters']);
  });
});
