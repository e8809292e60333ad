import { mayHoldLoneSurrogates, toWellFormedJson } from './well-formed-json';

describe('well-formed JSON strings', () => {
  it('spots surrogate escapes in either case, and nothing else', () => {
    expect(mayHoldLoneSurrogates('{"t":"\\ud83d"}')).toBe(true);
    expect(mayHoldLoneSurrogates('{"t":"\\uDFFF"}')).toBe(true);
    expect(mayHoldLoneSurrogates('{"t":"\\u00e9 \\uE000 😀"}')).toBe(false);
  });

  it('replaces lone surrogates with U+FFFD in values and keys at any depth, keeping pairs and key order', () => {
    const parsed = JSON.parse('{"title":"Cut \\ud83d","a":[1,{"\\uDE00k":"x\\uDFFFy"}],"ok":"\\ud83d\\ude00","n":null}');
    const fixed = toWellFormedJson(parsed);
    expect(fixed).toEqual({ title: 'Cut \uFFFD', a: [1, { '\uFFFDk': 'x\uFFFDy' }], ok: '😀', n: null });
    expect(Object.keys(fixed as object)).toEqual(['title', 'a', 'ok', 'n']);
  });
});
