import fc from 'fast-check';
import { RawJson } from './json-text';

/** Text a careless or hostile client sends: broken UTF-16, controls, bidi, CJK, combining marks, sheer length. */
export const awkwardText = fc.constantFrom(
  '\uD83D', // a lone high surrogate: an emoji cut in half
  'Invoice \uDE00 #1', // a lone low surrogate
  '😀😀😀'.slice(0, 5),
  'NUL\u0000inside',
  'bell\u0007 esc\u001b[31m red',
  'cr\rlf\nline\u2028sep\u2029para',
  '\u202Eevil override\u202C',
  'עברית ו-العربية 123',
  '株式会社サクラ 请求书 한국어',
  'a\u0301\u0302\u0303\u0304\u0305\u0306\u0307 zalgo',
  '👩‍👩‍👧‍👦🏳️‍🌈🇯🇵',
  '\uFEFFbom\uFFFE\uFFFF',
  '\u200B\u200C\u200D\u2060',
  '𒐫𒐫𒐫 ﷽',
  '<script>alert(1)</script>',
  "'; DROP TABLE workspaces; --",
  '%s%n%x {{ 7*7 }} ${7*7}',
  '',
  ' ',
);

const longText = fc.oneof(
  fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'W'.repeat(n)),
  fc.integer({ min: 100, max: 5_000 }).map((n) => '\n'.repeat(n)),
  fc.integer({ min: 100, max: 4_000 }).map((n) => 'word '.repeat(n)),
  fc.integer({ min: 100, max: 4_000 }).map((n) => '中'.repeat(n)),
);

/** Any string, weighted toward the awkward ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: awkwardText },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(awkwardText, fc.string({ maxLength: 20 }), awkwardText).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: longText },
);

/** Numbers at the edges, including ones only JSON text can carry (`1e999` parses as Infinity). */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -1, 1, 0.1, -0.5, 1e308, -1e308, 5e-324, 2 ** 53 + 2, -(2 ** 31), 2 ** 32, 1e21, 99999999999),
  fc.constantFrom('1e999', '-1e999', '-0', '123456789012345678901234567890', '1E400', '0.0000000000000000000000001').map((t) => new RawJson(t)),
  fc.double(),
  fc.integer(),
);

const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
  .map(([depth, [open, close]]) => new RawJson(`${open.repeat(depth)}1${close.repeat(depth)}`));

const manyKeys = fc
  .tuple(fc.integer({ min: 100, max: 40_000 }), fc.constantFrom('1', '"x"', 'null', '{}'))
  .map(([count, item]) => new RawJson(`{${Array.from({ length: count }, (_, i) => `"k${i}":${item}`).join(',')}}`));

const prototypeKeys = fc.constantFrom(
  new RawJson('{"__proto__":{"isAdmin":true}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":1}}}'),
  new RawJson('{"a":1,"a":2,"a":{"b":3}}'),
);

/** Values of the wrong kind for whatever field they land in. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, 'NaN', 'Infinity', '-1', 'true', 'null', '2025-02-30', '13/45/2025') },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: manyKeys },
    { weight: 1, arbitrary: prototypeKeys },
  ),
})).value;

/** A change to one string: surgery that keeps most of the original, as a buggy client would. */
export const stringSurgery: fc.Arbitrary<(original: string) => string> = fc.oneof(
  fc.tuple(fc.nat(), awkwardText).map(([at, insert]) => (s: string) => s.slice(0, at % (s.length + 1)) + insert + s.slice(at % (s.length + 1))),
  fc.nat().map((at) => (s: string) => `${s}😀`.slice(0, (at % (s.length + 2)) + 1)), // cut in UTF-16 units
  fc.integer({ min: 2, max: 500 }).map((times) => (s: string) => s.repeat(times)),
  hostileString.map((replacement) => () => replacement),
);
