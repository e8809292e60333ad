import * as fontkit from 'fontkit';
import { loadFontLibrary } from './font-library';
import { encodeTrueTypeSubset } from './truetype-subset';

describe('font fallback', () => {
  it.each([
    ['A', 'DejaVuSans'],
    ['Ж', 'DejaVuSans'],
    ['λ', 'DejaVuSans'],
    ['你', 'NotoSansSC-Regular'],
    ['カ', 'NotoSansJP-Regular'],
    ['ب', 'NotoSansArabic-Regular'],
    ['ש', 'NotoSansHebrew-Regular'],
    ['ก', 'NotoSansThai-Regular'],
    ['क', 'NotoSansDevanagari-Regular'],
    ['ক', 'NotoSansBengali-Regular'],
    ['ਕ', 'NotoSansGurmukhi-Regular'],
    ['ક', 'NotoSansGujarati-Regular'],
    ['க', 'NotoSansTamil-Regular'],
    ['క', 'NotoSansTelugu-Regular'],
    ['ಕ', 'NotoSansKannada-Regular'],
    ['ക', 'NotoSansMalayalam-Regular'],
    ['한', 'NotoSansKR-Regular'],
    ['🦊', 'NotoEmoji-Regular'],
  ])('draws %s with %s', async (char, face) => {
    const glyph = (await loadFontLibrary()).stack({ bold: false, italic: false }).glyph(char.codePointAt(0)!);
    expect(glyph?.face.postscriptName).toBe(face);
    expect(glyph?.glyphId).toBeGreaterThan(0);
  });

  it.each([
    ['ب', { family: 'serif' }, 'NotoSansArabic-Regular'],
    ['ب', { family: 'serif', bold: true }, 'NotoSansArabic-Bold'],
    ['ש', { family: 'mono' }, 'NotoSansHebrew-Regular'],
    ['ש', { italic: true, bold: true }, 'NotoSansHebrew-Bold'],
    ['Ж', { family: 'serif', italic: true }, 'DejaVuSerif-Italic'],
    ['ἀ', { family: 'serif' }, 'DejaVuSerif'],
  ] as const)('draws %s in %j with %s (a script face first, then the style, then DejaVu Sans)', async (char, variant, face) => {
    const glyph = (await loadFontLibrary()).stack({ bold: false, italic: false, ...variant }).glyph(char.codePointAt(0)!);
    expect(glyph?.face.postscriptName).toBe(face);
  });

  it('uses the bold CJK face for bold text', async () => {
    const glyph = (await loadFontLibrary()).stack({ bold: true, italic: true }).glyph('你'.codePointAt(0)!);
    expect(glyph?.face.postscriptName).toBe('NotoSansSC-Bold');
  });

  it('draws U+FFFD for characters no font has, and nothing for invisible format characters', async () => {
    const stack = (await loadFontLibrary()).stack({ bold: false, italic: false });
    expect(stack.glyph(0xe000)?.codePoints).toEqual([0xfffd]);
    expect(stack.glyph(0x200d)?.advance ?? 0).toBe(0);
    expect(stack.glyph(0xe0001)).toBeNull();
    expect(stack.shape('a\u0007b').map((glyph) => glyph.codePoints)).toEqual([[0x61], [0x62]]);
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

  it.each(['A', 'W', '你', 'ب'])('declares in the PDF widths the advance of %s rounded to whole 1/1000 em, past the last full metric too', async (char) => {
    const glyph = (await loadFontLibrary()).stack({ bold: false, italic: false }).glyph(char.codePointAt(0)!)!;
    const { face, glyphId } = glyph;
    expect(face.pdfWidth(glyphId)).toBe(Math.round(face.advance(glyphId)));
    expect(face.pdfWidth(glyphId)).toBeGreaterThan(0);
    // Glyphs beyond hhea's numberOfHMetrics share the last advance.
    expect(face.pdfWidth(65_535)).toBe(Math.round(face.advance(65_535)));
  });
});

describe('a cluster of many combining marks (DECISIONS section 13)', () => {
  const marks = (count: number) => `e${'\u0301'.repeat(count)}`;

  it('draws the base and its first 32 marks, and the text layer keeps every mark', async () => {
    const stack = (await loadFontLibrary()).stack({ bold: false, italic: false });
    const glyphs = stack.shape(`x ${marks(19_999)} y`);
    const read = glyphs.flatMap((glyph) => glyph.codePoints);
    expect(String.fromCodePoint(...read)).toBe(`x ${marks(19_999)} y`.normalize('NFC'));
    // x, space, é (NFC took the first mark), 31 more drawn marks, space, y: the rest are not drawn.
    expect(glyphs.length).toBeLessThanOrEqual(2 + 1 + 32 + 2);
  });

  it('shapes such text in steps that grow with its length, not with the square of the marks', async () => {
    const stack = (await loadFontLibrary()).stack({ bold: false, italic: false });
    // 20,000 marks on one base drew 20,000 glyphs through fontkit's mark positioning before the bound.
    expect(stack.shape(marks(20_000)).length).toBe(stack.shape(marks(40)).length);
  });
});
