import { FontFace } from './font-face';

/** A code point resolved to the face that draws it; advance in 1/1000 em. */
export interface ShapedGlyph {
  face: FontFace;
  glyphId: number;
  codePoint: number;
  advance: number;
}

/** A shaped string and its advance in 1/1000 em. */
interface Shaped {
  glyphs: readonly ShapedGlyph[];
  advance: number;
}

/**
 * Bounds of the per-stack cache of shaped strings: labels, words and amounts repeat within and
 * across documents; long paragraphs rarely do and would only hold memory.
 */
const SHAPE_CACHE_ENTRIES = 4096;
const SHAPE_CACHE_MAX_LENGTH = 64;

/** Drawn where no face has the character: a visible, searchable replacement mark. */
const REPLACEMENT_CHARACTER = 0xfffd;

/** Format and control characters that draw nothing when no face has a glyph for them. */
function isInvisible(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint < 0xa0) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x2060 && codePoint <= 0x2064) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    codePoint === 0xfeff ||
    (codePoint >= 0xe0000 && codePoint <= 0xe01ef)
  );
}

/**
 * An ordered list of faces for one style: each character is drawn by the first face that has
 * it (DejaVu for Latin/Greek/Cyrillic, then CJK, then emoji). Faces are parsed on first need,
 * once per process, and resolutions are cached for every later document.
 */
export class FontStack {
  private readonly resolved = new Map<number, ShapedGlyph | null>();
  private readonly shaped = new Map<string, Shaped>();
  private readonly faces: Array<FontFace | undefined>;

  constructor(private readonly sources: ReadonlyArray<() => FontFace>) {
    this.faces = new Array(sources.length);
  }

  get primary(): FontFace {
    return this.face(0);
  }

  /** Glyphs for the text, NFC-normalised; characters no face has become U+FFFD. Shared: never mutate. */
  shape(text: string): readonly ShapedGlyph[] {
    return this.shaping(text).glyphs;
  }

  /** Width of the text in points at the given size. */
  measure(text: string, size: number): number {
    return (this.shaping(text).advance * size) / 1000;
  }

  glyph(codePoint: number): ShapedGlyph | null {
    let glyph = this.resolved.get(codePoint);
    if (glyph === undefined) {
      glyph = this.resolve(codePoint);
      this.resolved.set(codePoint, glyph);
    }
    return glyph;
  }

  private shaping(text: string): Shaped {
    let result = this.shaped.get(text);
    if (result) return result;
    const glyphs: ShapedGlyph[] = [];
    let advance = 0;
    for (const char of text.normalize('NFC')) {
      const glyph = this.glyph(char.codePointAt(0)!);
      if (!glyph) continue;
      glyphs.push(glyph);
      advance += glyph.advance;
    }
    result = { glyphs, advance };
    if (text.length <= SHAPE_CACHE_MAX_LENGTH) {
      // Starting over when full keeps the bound without bookkeeping; the common strings return at once.
      if (this.shaped.size >= SHAPE_CACHE_ENTRIES) this.shaped.clear();
      this.shaped.set(text, result);
    }
    return result;
  }

  private resolve(codePoint: number): ShapedGlyph | null {
    for (let i = 0; i < this.sources.length; i++) {
      const face = this.face(i);
      const glyphId = face.glyphId(codePoint);
      if (glyphId !== 0) return { face, glyphId, codePoint, advance: face.advance(glyphId) };
    }
    if (isInvisible(codePoint)) return null;
    const glyphId = this.primary.glyphId(REPLACEMENT_CHARACTER);
    return { face: this.primary, glyphId, codePoint: REPLACEMENT_CHARACTER, advance: this.primary.advance(glyphId) };
  }

  private face(index: number): FontFace {
    return (this.faces[index] ??= this.sources[index]());
  }
}
