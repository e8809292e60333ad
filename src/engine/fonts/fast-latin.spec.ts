import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FastLatin, SimpleScript } from './fast-latin';
import { FontFace } from './font-face';

/** Every bundled Latin face: the fast path must give exactly fontkit's glyphs and advances in each. */
const FACES = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'DejaVuSans-Oblique.ttf',
  'DejaVuSans-BoldOblique.ttf',
  'DejaVuSerif.ttf',
  'DejaVuSerif-Bold.ttf',
  'DejaVuSerif-Italic.ttf',
  'DejaVuSerif-BoldItalic.ttf',
  'DejaVuSansMono.ttf',
  'DejaVuSansMono-Bold.ttf',
];

/** Letters, digits and the punctuation of amounts, dates, addresses; pairs that kern (AV, To, Wa, 7.) and ligatures (fi, fl, ffi). */
const ALPHABETS: Record<SimpleScript, string> = {
  latn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789    .,;:-–—'’\"“”()/€$£%&@#*+=ÀÉÖÜßàçéèêëïñöøüÿıĳŀ\u00a0\u202f",
  grek: 'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰ0123456789    .,;:-()€%',
  cyrl: 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґўђјљњћџ0123456789    .,;:-«»()₽%',
};

/** Real strings of the templates and of customers (ligatures, kerning, digits). */
const REAL: Record<SimpleScript, string[]> = {
  latn: [
    'AVATAR', 'Toward Wavy', 'T.V.A. 7.', 'office fit flow', 'Total: 1,234.56 €', "L'Yves", 'Invoice INV-2024-0042',
    'Consulting services (March)', 'Thank you for trusting us with "The Long Coast". Sales tax at 9.5% applies to tangible items.',
    'affluent officials fly efficiently', 'Subtotal', 'Payment due within 30 days', 'x'.repeat(300),
  ],
  grek: ['Ωμέγα 123', 'Τιμολόγιο αριθ. 42', 'Σύνολο: 1.234,56 €', 'ΑΥΤΟΚΙΝΗΤΟ ΑΥΛΗ'],
  cyrl: ['Привет мир', 'Счёт № 42 от 12.03.2024', 'Итого: 1 234,56 ₽', 'ГАРАНТИЯ УДОБСТВА'],
};

function randomStrings(alphabet: string, count: number, seed: number): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff);
  const chars = [...alphabet];
  const strings: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = '';
    for (let length = 1 + (next() % 40); length > 0; length--) text += chars[next() % chars.length];
    strings.push(text);
  }
  return strings;
}

describe('the fast path for Latin, Greek and Cyrillic', () => {
  it.each(FACES)('gives fontkit’s glyphs and advances in %s', (file) => {
    const face = new FontFace(file, readFileSync(path.resolve(__dirname, '../../../fonts', file)));
    for (const script of ['latn', 'grek', 'cyrl'] as const) {
      let fast = 0;
      const strings = [...REAL[script], ...randomStrings(ALPHABETS[script], 400, file.length + script.charCodeAt(0))];
      for (const text of strings) {
        // The same call twice: the second answers from the pair and word caches.
        for (let pass = 0; pass < 2; pass++) {
          const expected = face.fontkitLayout(text, script, 'ltr');
          const got = face.layout(text, script, 'ltr');
          expect({ text, script, glyphs: got }).toEqual({ text, script, glyphs: expected });
        }
        if ((face as unknown as { fast: Map<string, FastLatin | null> }).fast.get(script)?.layout(text, 1)) fast++;
      }
      // Most strings take the fast path whole (those with ligatures such as fi do not, but their words do).
      expect(fast).toBeGreaterThan(strings.length / 3);
    }
  });

  it('takes the plain Latin of DejaVu Sans, spaces, f and i included, and leaves "fi" to fontkit', () => {
    const face = new FontFace('DejaVuSans', readFileSync(path.resolve(__dirname, '../../../fonts/DejaVuSans.ttf')));
    face.layout('x', 'latn', 'ltr');
    const fast = (face as unknown as { fast: Map<string, FastLatin | null> }).fast.get('latn')!;
    expect(fast.layout('Thank you for trusting us with "The Long Coast". Sales tax: 9.5%', 1)).not.toBeNull();
    expect(fast.layout('if f i', 1)).not.toBeNull();
    expect(fast.layout('office', 1)).toBeNull();
    expect(fast.spaceIsInert).toBe(true);
    expect(face.layout('office fit', 'latn', 'ltr').map((glyph) => glyph.codePoints)).toEqual(face.fontkitLayout('office fit', 'latn', 'ltr').map((glyph) => glyph.codePoints));
  });
});
