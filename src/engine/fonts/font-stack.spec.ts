import * as fontkit from 'fontkit';
import { loadFontLibrary } from './font-library';
import { encodeTrueTypeSubset } from './truetype-subset';

describe('font fallback', () => {
  it.each([
    ['A', 'DejaVuSans'],
    ['Ж', 'DejaVuSans'],
    ['λ', 'DejaVuSans'],
    ['你', 'NotoSansSC-Regular'],
    ['カ', 'NotoSansSC-Regular'],
    ['한', 'NotoSansKR-Regular'],
    ['🦊', 'NotoEmoji-Regular'],
  ])('draws %s with %s', async (char, face) => {
    const glyph = (await loadFontLibrary()).stack({ bold: false, italic: false }).glyph(char.codePointAt(0)!);
    expect(glyph?.face.postscriptName).toBe(face);
    expect(glyph?.glyphId).toBeGreaterThan(0);
  });

  it.each([
    ['ب', { family: 'serif' }, 'DejaVuSans'],
    ['ب', { family: 'serif', bold: true }, 'DejaVuSans-Bold'],
    ['ש', { family: 'mono' }, 'DejaVuSans'],
    ['ب', { italic: true }, 'DejaVuSans'],
    ['ש', { italic: true }, 'DejaVuSans-Oblique'],
    ['ب', { family: 'serif', italic: true, bold: true }, 'DejaVuSans-Bold'],
    ['ש', { family: 'serif', italic: true }, 'DejaVuSans-Oblique'],
    ['ἀ', { family: 'serif' }, 'DejaVuSerif'],
  ] as const)('falls back to DejaVu Sans before CJK: %s in %j is drawn with %s', async (char, variant, face) => {
    const glyph = (await loadFontLibrary()).stack({ bold: false, italic: false, ...variant }).glyph(char.codePointAt(0)!);
    expect(glyph?.face.postscriptName).toBe(face);
  });

  it('uses the bold CJK face for bold text', async () => {
    const glyph = (await loadFontLibrary()).stack({ bold: true, italic: true }).glyph('你'.codePointAt(0)!);
    expect(glyph?.face.postscriptName).toBe('NotoSansSC-Bold');
  });

  it('draws U+FFFD for characters no font has, and nothing for invisible format characters', async () => {
    const stack = (await loadFontLibrary()).stack({ bold: false, italic: false });
    expect(stack.glyph(0xe000)?.codePoint).toBe(0xfffd);
    expect(stack.glyph(0x200d)?.advance ?? 0).toBe(0);
    expect(stack.glyph(0xe0001)).toBeNull();
    expect(stack.shape('a\u0007b').map((glyph) => glyph.codePoint)).toEqual([0x61, 0x62]);
  });
});

describe('TrueType subsets', () => {
  it('hold only the used glyphs, with their advances, and parse as fonts', async () => {
    const stack = (await loadFontLibrary()).stack({ bold: false, italic: false });
    const glyphs = stack.shape('Hé你');
    const face = glyphs[0].face;
    const used = [0, ...glyphs.filter((glyph) => glyph.face === face).map((glyph) => glyph.glyphId)];
    const subset = fontkit.create(encodeTrueTypeSubset(face, used, new Map(used.map((id, index) => [id, index])))) as unknown as {
      numGlyphs: number;
      getGlyph(id: number): { advanceWidth: number };
    };
    expect(subset.numGlyphs).toBe(used.length);
    used.forEach((glyphId, index) => expect(subset.getGlyph(index).advanceWidth).toBe(face.horizontalMetrics(glyphId)[0]));
  });
});
