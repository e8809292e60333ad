import { loadFontLibrary } from './font-library';
import { FontVariant } from './font-library';

const stack = async (variant: Partial<FontVariant> = {}) => (await loadFontLibrary()).stack({ bold: false, italic: false, ...variant });
const ids = (glyphs: ReadonlyArray<{ glyphId: number }>) => glyphs.map((glyph) => glyph.glyphId);

describe('shaping with the fonts own GSUB/GPOS', () => {
  it('kerns: "AV" measures less than its unkerned advance', async () => {
    const sans = await stack();
    const unkerned = sans.measure('A', 10) + sans.measure('V', 10);
    expect(sans.measure('AV', 10)).toBeLessThan(unkerned - 0.3);
    expect(sans.shape('AV')[0].advance).toBeLessThan(sans.primary.advance(sans.shape('A')[0].glyphId));
  });

  it('makes "fi" one ligature glyph standing for both characters', async () => {
    const glyphs = (await stack()).shape('fi');
    expect(glyphs).toHaveLength(1);
    expect(glyphs[0].codePoints).toEqual([0x66, 0x69]);
  });

  it('joins Arabic letters: the forms in a word differ from the isolated ones', async () => {
    const sans = await stack();
    const word = 'بيت';
    const isolated = [...word].flatMap((char) => ids(sans.shape(char).filter((glyph) => glyph.codePoints.length > 0)));
    const joined = ids(sans.shape(word, 'rtl').filter((glyph) => glyph.codePoints.length > 0));
    expect(sans.shape(word)[0].face.postscriptName).toBe('NotoSansArabic-Regular');
    // Visual order: the last letter (teh, final form) comes first.
    expect(joined).toHaveLength(3);
    expect(joined.reverse()).not.toEqual(isolated);
    joined.forEach((id, index) => expect(id).not.toBe(isolated[index]));
  });

  it('lays right-to-left runs out in visual order', async () => {
    const glyphs = (await stack()).shape('שלום', 'rtl');
    expect(glyphs.map((glyph) => glyph.codePoints[0])).toEqual([...'שלום'].reverse().map((char) => char.codePointAt(0)));
  });

  it('reorders the Devanagari i-matra before its consonant in हिन्दी, in a glyph that reads हि in the order sent', async () => {
    const glyphs = (await stack()).shape('हिन्दी');
    const [syllable] = glyphs;
    expect(syllable.face.postscriptName).toBe('NotoSansDevanagari-Regular');
    // One composite glyph (glyph-owners.ts): the matra drawn first, the consonant after it.
    expect(syllable.codePoints).toEqual([0x0939, 0x093f]);
    const parts = syllable.face.components(syllable.glyphId).map((component) => component.glyphId);
    expect(parts).toHaveLength(2);
    expect(parts[1]).toBe(syllable.face.glyphId(0x0939));
    // न् + द: a conjunct (half form) rather than a visible virama.
    expect(glyphs.some((glyph) => glyph.codePoints.includes(0x094d) && glyph.codePoints.length > 1)).toBe(true);
  });

  it.each([
    ['Thai', 'สวัสดีครับ'],
    ['Bengali', 'বাংলা'],
    ['Tamil', 'தமிழ்'],
    ['Telugu', 'తెలుగు'],
    ['Gujarati', 'ગુજરાતી'],
    ['Gurmukhi', 'ਪੰਜਾਬੀ'],
    ['Kannada', 'ಕನ್ನಡ'],
    ['Malayalam', 'മലയാളം'],
  ])('draws %s with no replacement glyph', async (_script, text) => {
    const glyphs = (await stack()).shape(text);
    expect(glyphs.length).toBeGreaterThan(0);
    for (const glyph of glyphs) {
      expect(glyph.codePoints).not.toContain(0xfffd);
      expect(glyph.glyphId).toBeGreaterThan(0);
    }
  });

  it.each([
    ['ja', 'NotoSansJP-Regular'],
    ['ja-JP', 'NotoSansJP-Regular'],
    ['ko', 'NotoSansTC-Regular'],
    ['zh-Hant', 'NotoSansTC-Regular'],
    ['zh-TW', 'NotoSansTC-Regular'],
    ['zh', 'NotoSansSC-Regular'],
    ['en', 'NotoSansSC-Regular'],
    [undefined, 'NotoSansSC-Regular'],
  ])('draws Han characters for lang %s with %s (the Korean face has no hanja: traditional forms)', async (lang, face) => {
    const glyphs = (await stack({ lang })).shape('直骨');
    expect(glyphs.map((glyph) => glyph.face.postscriptName)).toEqual([face, face]);
  });

  it('gives Japanese forms for lang ja where they differ from Chinese ones (直)', async () => {
    const [ja] = (await stack({ lang: 'ja' })).shape('直');
    const [zh] = (await stack({ lang: 'zh' })).shape('直');
    expect(ja.face.glyphData(ja.glyphId).equals(zh.face.glyphData(zh.glyphId))).toBe(false);
  });

  it('lets the text choose CJK forms when the language does not: kana means Japanese, hangul Korean', async () => {
    const sans = await stack({ lang: 'en' });
    expect(sans.shape('直す')[0].face.postscriptName).toBe('NotoSansJP-Regular');
    expect(sans.shape('直 한국')[0].face.postscriptName).toBe('NotoSansTC-Regular');
    expect(sans.shape('直 한국')[2].face.postscriptName).toBe('NotoSansKR-Regular');
    expect(sans.shape('直')[0].face.postscriptName).toBe('NotoSansSC-Regular');
  });

  it.each([
    ['skin tone', '👍🏽'],
    ['ZWJ family', '👨‍👩‍👧'],
    ['flag', '🇫🇷'],
    ['keycap', '1️⃣'],
  ])('keeps the %s sequence %s whole: one glyph of the emoji face', async (_kind, text) => {
    const glyphs = (await stack()).shape(text);
    expect(glyphs).toHaveLength(1);
    expect(glyphs[0].face.postscriptName).toBe('NotoEmoji-Regular');
    expect(glyphs[0].codePoints).toEqual([...text].map((char) => char.codePointAt(0)));
  });

  it('keeps a base and its combining marks in one face', async () => {
    const glyphs = (await stack()).shape('q\u0303 ש\u05b8');
    expect(glyphs.filter((glyph) => glyph.codePoints.includes(0x303))[0]?.face.postscriptName).toBe('DejaVuSans');
    expect(glyphs.filter((glyph) => glyph.codePoints.includes(0x5b8))[0]?.face.postscriptName).toBe('NotoSansHebrew-Regular');
  });

  it('caches shaped strings per direction', async () => {
    const sans = await stack();
    expect(sans.shape('Invoice total')).toBe(sans.shape('Invoice total'));
    expect(sans.shape('שלום', 'rtl')).not.toBe(sans.shape('שלום'));
  });
});
