import type { Font, Glyph } from 'fontkit';
import { FastLatin, SimpleScript, isSimpleScript } from './fast-latin';
import { ClusterGlyphs } from './cluster-glyphs';
import { fontkit } from './fontkit';
import { ownGlyphs, RawGlyph } from './glyph-owners';
import { isWoffFile, packSfnt, readSfntTables } from './sfnt-tables';
import { componentRecords } from './glyf-composite';

/** Bounds of a face's cache of words shaped by fontkit (those with ligatures, or in a face without the fast path). */
const WORD_CACHE_ENTRIES = 4096;
const WORD_CACHE_MAX_LENGTH = 64;

/** A component reference inside a composite glyph: where its glyph id sits, and which glyph. */
export interface GlyphComponent {
  offset: number;
  glyphId: number;
}

/** One glyph as shaped by one face, in visual order; advance and offsets in 1/1000 em. */
export interface FaceGlyph {
  glyphId: number;
  /** The characters this glyph stands for (several for a ligature, none for a glyph a font split off). */
  codePoints: readonly number[];
  advance: number;
  xOffset: number;
  yOffset: number;
}

/** fontkit's glyph run, as much of it as we read. */
interface FontkitRun {
  glyphs: Array<{ id: number; codePoints: number[] }>;
  positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }>;
}

/**
 * One font file, parsed once per process and shared by every document.
 * Glyph lookup, advances and raw glyph outlines come from tables read here, so documents only
 * pay for copying the glyphs they use (see truetype-subset.ts).
 */
export class FontFace {
  readonly postscriptName: string;
  /** Metrics in 1/1000 em, the unit of PDF font dictionaries. */
  readonly ascender: number;
  readonly descender: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly bbox: [number, number, number, number];
  readonly isItalic: boolean;
  readonly isFixedPitch: boolean;
  readonly tables: Map<string, Buffer>;

  private readonly font: Font;
  private readonly scale: number;
  private readonly numberOfHMetrics: number;
  /** Read for advances (measuring, and once per face for the PDF widths): kept at hand, not looked up by tag. */
  private readonly hmtx: Buffer;
  private readonly locaOffsets: Uint32Array;
  private pdfWidths?: Int32Array;
  private readonly glyphIds = new Map<number, number>();
  private readonly componentCache = new Map<number, GlyphComponent[]>();
  private readonly fast = new Map<SimpleScript, FastLatin | null>();
  /** Words shaped by fontkit, by script, direction and text (see layout). */
  private readonly words = new Map<string, FaceGlyph[]>();
  private spaceGlyph?: number;
  /** Composites of a character and the glyphs the font split off it (cluster-glyphs.ts). */
  private readonly clusters = new ClusterGlyphs((glyphId) => this.glyphBox(glyphId));

  /** `name` becomes the PDF font name (the files' own names can be odd, e.g. variable instances). */
  constructor(name: string, file: Buffer) {
    const tables = readSfntTables(file);
    if (!tables.has('glyf')) throw new Error('Only TrueType-outline fonts can be embedded');
    // fontkit inflates a WOFF table with a JavaScript inflate on every read, the whole glyf for each
    // glyph's box: the first 40-item invoice with CJK text took 9.3 s. It gets the tables inflated once.
    const unpacked = isWoffFile(file) ? packSfnt(tables) : { file, tables };
    this.tables = unpacked.tables;
    const font = fontkit.create(unpacked.file);
    if ('fonts' in font) throw new Error('Font collections cannot be embedded');
    this.font = font;
    freshGlyphs(font);
    const head = this.table('head');
    this.scale = 1000 / head.readUInt16BE(18);
    const hhea = this.table('hhea');
    this.ascender = hhea.readInt16BE(4) * this.scale;
    this.descender = hhea.readInt16BE(6) * this.scale;
    this.numberOfHMetrics = hhea.readUInt16BE(34);
    this.hmtx = this.table('hmtx');
    this.bbox = [0, 2, 4, 6].map((at) => head.readInt16BE(36 + at) * this.scale) as FontFace['bbox'];
    this.isItalic = (head.readUInt16BE(44) & 2) !== 0;
    this.postscriptName = name.replace(/[^A-Za-z0-9-]/g, '');
    this.capHeight = (this.font.capHeight || this.font.ascent) * this.scale;
    this.xHeight = (this.font.xHeight || 0) * this.scale;
    this.italicAngle = this.font.italicAngle || 0;
    // post.isFixedPitch, a uint32 after version, italicAngle and the two underline fields.
    this.isFixedPitch = this.tables.has('post') && this.table('post').readUInt32BE(12) !== 0;
    this.locaOffsets = this.readLoca(head.readInt16BE(50) === 1);
  }

  /** Glyph id for a code point, 0 when the font lacks it. */
  glyphId(codePoint: number): number {
    let id = this.glyphIds.get(codePoint);
    if (id === undefined) {
      id = this.font.hasGlyphForCodePoint(codePoint) ? this.font.glyphForCodePoint(codePoint).id : 0;
      this.glyphIds.set(codePoint, id);
    }
    return id;
  }

  /**
   * Shapes a run of one script with the face's own GSUB/GPOS (fontkit's layout engine): kerning,
   * ligatures, joining, reordering. `script` is an OpenType script tag or undefined (detected
   * from the text). Glyphs come in visual order (reversed for 'rtl'); default-ignorable
   * characters (ZWJ, ZWNJ, variation selectors) get zero-width glyphs, and glyphs the font split
   * off a character join its glyph (glyph-owners.ts).
   */
  layout(text: string, script: string | undefined, direction: 'ltr' | 'rtl'): FaceGlyph[] {
    if (direction === 'ltr' && isSimpleScript(script)) {
      const fast = this.fastPath(script);
      const glyphs = fast?.layout(text, this.scale);
      if (glyphs) return glyphs;
      // Word by word, as Blink's CachingWordShaper does: where the space takes no part in the font's
      // substitutions or kerning, "office supplies" is "office" (fontkit: the fi ligature), a space and
      // "supplies" (the fast path), each cached. Lines of new text then cost a few fontkit words, not a
      // whole line through fontkit (~1.7 ms for 100 characters in DejaVu Sans).
      if (fast?.spaceIsInert && text.includes(' ')) {
        const out: FaceGlyph[] = [];
        const parts = text.split(' ');
        for (let i = 0; i < parts.length; i++) {
          if (i > 0) out.push(...this.word(' ', script, fast));
          if (parts[i]) out.push(...this.word(parts[i], script, fast));
        }
        return out;
      }
      return this.cachedLayout(text, script);
    }
    return this.fontkitLayout(text, script, direction);
  }

  /** The advance of `layout(text, script, direction)` in 1/1000 em; long simple text is summed without making glyphs. */
  measure(text: string, script: string | undefined, direction: 'ltr' | 'rtl'): number {
    if (direction === 'ltr' && isSimpleScript(script)) {
      const advance = this.fastPath(script)?.advance(text);
      if (advance !== null && advance !== undefined) return advance * this.scale;
    }
    let total = 0;
    for (const glyph of this.layout(text, script, direction)) total += glyph.advance;
    return total;
  }

  private fastPath(script: SimpleScript): FastLatin | null {
    let fast = this.fast.get(script);
    if (fast === undefined) {
      fast = FastLatin.forFace(this.font, script);
      this.fast.set(script, fast);
    }
    return fast;
  }

  private word(word: string, script: SimpleScript, fast: FastLatin): FaceGlyph[] {
    return fast.layout(word, this.scale) ?? this.cachedLayout(word, script);
  }

  /** fontkit's layout of a left-to-right simple-script string, kept (bounded) for later documents. */
  private cachedLayout(text: string, script: SimpleScript): FaceGlyph[] {
    const key = `${script}:${text}`;
    let glyphs = this.words.get(key);
    if (!glyphs) {
      glyphs = this.fontkitLayout(text, script, 'ltr');
      if (text.length <= WORD_CACHE_MAX_LENGTH) {
        if (this.words.size >= WORD_CACHE_ENTRIES) this.words.clear();
        this.words.set(key, glyphs);
      }
    }
    return glyphs;
  }

  /** fontkit's layout, converted to 1/1000 em; the reference the fast path is checked against. */
  fontkitLayout(text: string, script: string | undefined, direction: 'ltr' | 'rtl'): FaceGlyph[] {
    const run = this.safeLayout(text, script, direction);
    this.spaceGlyph ??= this.font.glyphForCodePoint(0x20).id;
    const raw: RawGlyph[] = run.glyphs.map((glyph, i) => {
      const { xAdvance, xOffset, yOffset } = run.positions[i];
      // fontkit swaps default ignorables for a zero-width space glyph: drawn, to carry the character.
      return { id: glyph.id, codePoints: glyph.codePoints, xAdvance, xOffset, yOffset, ignorable: xAdvance === 0 && glyph.id === this.spaceGlyph };
    });
    return ownGlyphs(text, raw, direction, (parts, advance) => this.clusters.idFor(parts, advance)).map((glyph) => ({
      glyphId: glyph.id,
      codePoints: glyph.codePoints.slice(),
      advance: glyph.xAdvance * this.scale,
      xOffset: glyph.xOffset * this.scale,
      yOffset: glyph.yOffset * this.scale,
    }));
  }

  /**
   * fontkit 2.0.4 throws on null anchors, which the OpenType spec allows (Noto Sans Gurmukhi's
   * GPOS has them): then the marks stay unpositioned (substitutions still apply), and failing
   * that each character gets its plain glyph. Text is never dropped for a font's sake.
   */
  private safeLayout(text: string, script: string | undefined, direction: 'ltr' | 'rtl'): FontkitRun {
    try {
      return this.font.layout(text, [], script as never, undefined, direction) as unknown as FontkitRun;
    } catch {
      try {
        const features = { mark: false, mkmk: false, curs: false, dist: false, abvm: false, blwm: false };
        return this.font.layout(text, features as never, script as never, undefined, direction) as unknown as FontkitRun;
      } catch {
        const glyphs = [...text].map((char) => this.font.glyphForCodePoint(char.codePointAt(0)!) as unknown as FontkitRun['glyphs'][number]);
        if (direction === 'rtl') glyphs.reverse();
        const positions = glyphs.map((glyph) => ({ xAdvance: (glyph as unknown as { advanceWidth: number }).advanceWidth, xOffset: 0, yOffset: 0 }));
        return { glyphs, positions };
      }
    }
  }

  /**
   * The advance a PDF's font widths (/W) declare for the glyph: whole 1/1000 em. Read for every
   * glyph drawn, so made once per face for all its metrics: a warm 20-item invoice 0.63 -> 0.60 ms median.
   */
  pdfWidth(glyphId: number): number {
    if (glyphId >= this.numberOfHMetrics && this.clusters.has(glyphId)) return Math.round(this.clusters.metrics(glyphId)[0] * this.scale);
    if (!this.pdfWidths) {
      this.pdfWidths = new Int32Array(this.numberOfHMetrics);
      for (let i = 0; i < this.numberOfHMetrics; i++) this.pdfWidths[i] = Math.round(this.hmtx.readUInt16BE(i * 4) * this.scale);
    }
    return this.pdfWidths[Math.min(glyphId, this.numberOfHMetrics - 1)];
  }

  /** Advance width in 1/1000 em. */
  advance(glyphId: number): number {
    if (glyphId >= this.numberOfHMetrics && this.clusters.has(glyphId)) return this.clusters.metrics(glyphId)[0] * this.scale;
    const index = Math.min(glyphId, this.numberOfHMetrics - 1);
    return this.hmtx.readUInt16BE(index * 4) * this.scale;
  }

  /** Advance width and left side bearing in font units, as hmtx stores them. */
  horizontalMetrics(glyphId: number): [number, number] {
    if (this.clusters.has(glyphId)) return this.clusters.metrics(glyphId);
    const hmtx = this.table('hmtx');
    const advance = hmtx.readUInt16BE(Math.min(glyphId, this.numberOfHMetrics - 1) * 4);
    const bearing =
      glyphId < this.numberOfHMetrics
        ? hmtx.readInt16BE(glyphId * 4 + 2)
        : hmtx.readInt16BE(this.numberOfHMetrics * 4 + (glyphId - this.numberOfHMetrics) * 2);
    return [advance, bearing];
  }

  /** The glyph's outline bytes exactly as stored in glyf (shared, never mutate). */
  glyphData(glyphId: number): Buffer {
    if (this.clusters.has(glyphId)) return this.clusters.data(glyphId);
    return this.table('glyf').subarray(this.locaOffsets[glyphId], this.locaOffsets[glyphId + 1]);
  }

  /** A composite this face made of a character and the glyphs the font split off it. */
  isCluster(glyphId: number): boolean {
    return this.clusters.has(glyphId);
  }

  /** A glyph's box from its glyf header, in font units; null for a glyph without outline. */
  private glyphBox(glyphId: number): [number, number, number, number] | null {
    const data = this.glyphData(glyphId);
    if (data.length < 10) return null;
    return [data.readInt16BE(2), data.readInt16BE(4), data.readInt16BE(6), data.readInt16BE(8)];
  }

  /** Components of a composite glyph (empty for simple glyphs). */
  components(glyphId: number): GlyphComponent[] {
    let components = this.componentCache.get(glyphId);
    if (!components) {
      components = this.parseComponents(this.glyphData(glyphId));
      this.componentCache.set(glyphId, components);
    }
    return components;
  }

  table(tag: string): Buffer {
    const table = this.tables.get(tag);
    if (!table) throw new Error(`Font ${this.postscriptName} has no ${tag} table`);
    return table;
  }

  private readLoca(longOffsets: boolean): Uint32Array {
    const loca = this.table('loca');
    const count = longOffsets ? loca.length / 4 : loca.length / 2;
    const offsets = new Uint32Array(count);
    for (let i = 0; i < count; i++) offsets[i] = longOffsets ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2;
    return offsets;
  }

  private parseComponents(data: Buffer): GlyphComponent[] {
    return componentRecords(data).records.map(({ glyphIdAt }) => ({ offset: glyphIdAt, glyphId: data.readUInt16BE(glyphIdAt) }));
  }

}

/** The fontkit internals freshGlyphs replaces. */
interface GlyphFactory {
  _getBaseGlyph(id: number, codePoints?: number[]): Glyph;
}

/**
 * fontkit keeps one Glyph per id with the characters of its first use, and its layouts report
 * those: a glyph that two letters share (Noto Sans Arabic draws a medial yeh and an initial teh
 * with one dotless tooth, their dots being glyphs of their own) named the wrong letter in the
 * text layer ("والهوتة" for "والهوية"). Each glyph a layout asks for is made anew with its own
 * characters (a few property writes and one hmtx read each; Latin text mostly takes the fast
 * path and never gets here). Our faces are glyf fonts, so fontkit's base glyph is the only kind.
 */
function freshGlyphs(font: Font): void {
  const Glyph = (font as unknown as GlyphFactory)._getBaseGlyph(0).constructor as new (id: number, codePoints: number[], font: Font) => Glyph;
  font.getGlyph = (id: number, codePoints: number[] = []) => new Glyph(id, codePoints, font);
}
