// The few fontkit members the renderer uses (fontkit ships no type declarations).
declare module 'fontkit' {
  interface Glyph {
    id: number;
  }
  interface Font {
    ascent: number;
    capHeight: number;
    xHeight: number;
    italicAngle: number;
    post?: { isFixedPitch: number };
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  function create(buffer: Buffer): Font;
}
