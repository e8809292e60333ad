import { ClusterPart } from './cluster-glyphs';
import { ownGlyphs, RawGlyph } from './glyph-owners';

const glyph = (id: number, codePoints: number[], xAdvance = 500, extra: Partial<RawGlyph> = {}): RawGlyph => ({ id, codePoints, xAdvance, xOffset: 0, yOffset: 0, ignorable: false, ...extra });
const codes = (text: string) => [...text].map((char) => char.codePointAt(0)!);

/** Records the composites asked for; ids from 1000. */
function clusters() {
  const made: Array<{ parts: ClusterPart[]; advance: number }> = [];
  const cluster = (parts: ClusterPart[], advance: number) => 1000 + made.push({ parts, advance }) - 1;
  return { made, cluster };
}

describe('ownGlyphs: every glyph reads as text, every character is read, in the order sent', () => {
  it('returns the glyphs as they are when each draws its own characters in order', () => {
    const glyphs = [glyph(1, codes('a')), glyph(2, codes('fi')), glyph(3, codes('x'))];
    expect(ownGlyphs('afix', glyphs, 'ltr', clusters().cluster)).toBe(glyphs);
  });

  it('joins a glyph the font split off (the dots of ش) to its letter, where the shaping put both', () => {
    const { made, cluster } = clusters();
    // Visual order, right to left: the dots (no characters), then ش, then م.
    const glyphs = [glyph(7, [], 0, { xOffset: 120, yOffset: 300 }), glyph(8, [0x634], 700), glyph(9, [0x645], 400)];
    const out = ownGlyphs('مش', glyphs, 'rtl', cluster);
    expect(out.map((g) => [g.id, g.codePoints])).toEqual([[1000, [0x634]], [9, [0x645]]]);
    expect(made).toEqual([{ parts: [{ glyphId: 7, x: 120, y: 300 }, { glyphId: 8, x: 0, y: 0 }], advance: 700 }]);
    expect(out[0].xAdvance).toBe(700);
  });

  it('gives a ZWNJ a zero-width glyph of its own that reads as it (fontkit names it U+0020)', () => {
    const { made, cluster } = clusters();
    const glyphs = [glyph(1, [0x6cc]), glyph(3, [0x20], 0, { ignorable: true }), glyph(2, [0x645])];
    const out = ownGlyphs('م\u200Cی', glyphs, 'rtl', cluster);
    expect(out.map((g) => [g.id, g.codePoints])).toEqual([[1, [0x6cc]], [1000, [0x200c]], [2, [0x645]]]);
    expect(made[0]).toEqual({ parts: [], advance: 0 });
  });

  it('reads a reordered syllable (ि drawn before ह) as one glyph with the characters in the order sent', () => {
    const { made, cluster } = clusters();
    const glyphs = [glyph(5, [0x93f], 200), glyph(6, [0x939], 450), glyph(7, [0x928], 500)];
    const out = ownGlyphs('हिन', glyphs, 'ltr', cluster);
    expect(out.map((g) => [g.id, g.codePoints])).toEqual([[1000, [0x939, 0x93f]], [7, [0x928]]]);
    expect(made[0].parts).toEqual([{ glyphId: 5, x: 0, y: 0 }, { glyphId: 6, x: 200, y: 0 }]);
  });

  it('matches a two-part vowel sign by its canonical decomposition (Bengali ো drawn as ে … া)', () => {
    const { cluster } = clusters();
    const glyphs = [glyph(1, [0x9c7], 300), glyph(2, [0x9b6], 600), glyph(3, [0x9be], 250), glyph(4, [0x9a8])];
    const out = ownGlyphs('শোন', glyphs, 'ltr', cluster);
    expect(out.map((g) => [g.id, g.codePoints])).toEqual([[1000, [0x9b6, 0x9cb]], [4, [0x9a8]]]);
  });

  it('keeps the glyphs apart, each with its characters, when the face has no room for another composite', () => {
    const glyphs = [glyph(5, [0x93f], 200), glyph(6, [0x939], 450)];
    expect(ownGlyphs('हि', glyphs, 'ltr', () => null).map((g) => g.codePoints)).toEqual([[0x93f], [0x939]]);
  });
});
