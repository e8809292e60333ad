import * as fontkit from 'fontkit';
import { readSfntTables } from './sfnt-tables';

const COMPOSITE_MORE_COMPONENTS = 0x20;

/** A component reference inside a composite glyph: where its glyph id sits, and which glyph. */
export interface GlyphComponent {
  offset: number;
  glyphId: number;
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

  private readonly font: fontkit.Font;
  private readonly scale: number;
  private readonly numberOfHMetrics: number;
  private readonly locaOffsets: Uint32Array;
  private readonly glyphIds = new Map<number, number>();
  private readonly componentCache = new Map<number, GlyphComponent[]>();

  /** `name` becomes the PDF font name (the files' own names can be odd, e.g. variable instances). */
  constructor(name: string, file: Buffer) {
    this.tables = readSfntTables(file);
    if (!this.tables.has('glyf')) throw new Error('Only TrueType-outline fonts can be embedded');
    // fontkit only decodes cmap, OS/2 and post here; it never touches glyf or hmtx.
    const font = fontkit.create(file);
    if ('fonts' in font) throw new Error('Font collections cannot be embedded');
    this.font = font;
    const head = this.table('head');
    this.scale = 1000 / head.readUInt16BE(18);
    const hhea = this.table('hhea');
    this.ascender = hhea.readInt16BE(4) * this.scale;
    this.descender = hhea.readInt16BE(6) * this.scale;
    this.numberOfHMetrics = hhea.readUInt16BE(34);
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

  /** Advance width in 1/1000 em. */
  advance(glyphId: number): number {
    const index = Math.min(glyphId, this.numberOfHMetrics - 1);
    return this.table('hmtx').readUInt16BE(index * 4) * this.scale;
  }

  /** Advance width and left side bearing in font units, as hmtx stores them. */
  horizontalMetrics(glyphId: number): [number, number] {
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
    return this.table('glyf').subarray(this.locaOffsets[glyphId], this.locaOffsets[glyphId + 1]);
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
    if (data.length < 10 || data.readInt16BE(0) >= 0) return [];
    const components: GlyphComponent[] = [];
    let at = 10;
    for (;;) {
      const flags = data.readUInt16BE(at);
      components.push({ offset: at + 2, glyphId: data.readUInt16BE(at + 2) });
      at += 4 + (flags & 0x1 ? 4 : 2);
      if (flags & 0x8) at += 2;
      else if (flags & 0x40) at += 4;
      else if (flags & 0x80) at += 8;
      if (!(flags & COMPOSITE_MORE_COMPONENTS)) return components;
    }
  }
}
