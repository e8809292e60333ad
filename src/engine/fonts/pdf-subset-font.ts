import { FontFace } from './font-face';
import { encodeTrueTypeSubset, GlyphIdLookup } from './truetype-subset';
import { newObjectNumber, PdfKitRef, writeObject } from '../object-stream';
import { deflate } from '../deflate';

const FLAG_FIXED_PITCH = 1;
const FLAG_SYMBOLIC = 4;
const FLAG_ITALIC = 64;

/**
 * One face as used by one document: the glyphs it drew, renumbered from 1 (0 is .notdef),
 * embedded at the end as a Type0/CIDFontType2 font with a ToUnicode map so text stays searchable.
 */
export class PdfSubsetFont {
  private readonly oldIds: number[] = [0];
  private readonly newIdOf = new NewGlyphIds();
  /** The characters of each new id, for ToUnicode: the first use of a glyph names it. */
  private readonly codePoints: Array<readonly number[] | undefined> = [undefined];
  /** Ids of the copies made by copyFor, by glyph and characters. */
  private readonly copies = new Map<string, number>();
  private dictionary?: PDFKit.PDFKitReference & PdfKitRef;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly face: FontFace,
    readonly resourceName: string,
  ) {}

  /**
   * Adds a glyph (and the components it is built from); returns its CID, the two-byte code that
   * draws it. `codePoints`: the characters it draws (all of a ligature's; none for a glyph the
   * font split off), which the ToUnicode map gives for that code.
   */
  code(glyphId: number, codePoints: readonly number[]): number {
    const id = this.include(glyphId);
    const named = this.codePoints[id];
    if (codePoints.length === 0 || named === codePoints || sameCodePoints(named, codePoints)) return id;
    if (named === undefined) {
      this.codePoints[id] = codePoints;
      return id;
    }
    return this.copyFor(glyphId, codePoints);
  }

  /**
   * A second id drawing the same glyph for other characters: shaping may draw two letters with
   * one glyph (an Arabic seen and the shin whose dots are a glyph of their own, a bracket and
   * its mirror), and ToUnicode maps an id to one text, so each text gets its own copy.
   */
  private copyFor(glyphId: number, codePoints: readonly number[]): number {
    const key = `${glyphId}:${codePoints.join(',')}`;
    let id = this.copies.get(key);
    if (id === undefined) {
      id = this.oldIds.length;
      this.oldIds.push(glyphId);
      this.codePoints.push(codePoints);
      this.copies.set(key, id);
    }
    return id;
  }

  /** The font dictionary reference, created on first use so unused faces are never written. */
  reference(): PDFKit.PDFKitReference {
    this.dictionary ??= this.doc.ref({});
    return this.dictionary;
  }

  /**
   * Writes the subset and its dictionaries; called once, just before the document ends. The
   * dictionaries go into a tagged document's object stream (object-stream.ts) as bytes, their
   * widths written once per subset (SubsetStreams.widths): PDFKit's PDFObject.convert of the
   * per-glyph /W arrays was its largest self time in a render of the 20-item invoice.
   */
  embed(): void {
    if (!this.dictionary) return;
    const { face, doc } = this;
    const streams = subsetStreams(face, this.oldIds, this.newIdOf, this.codePoints);
    const fontFile = doc.ref({ Filter: 'FlateDecode', Length1: streams.programLength });
    fontFile.end(streams.program);
    const toUnicode = doc.ref({ Filter: 'FlateDecode' });
    toUnicode.end(streams.toUnicode);
    const name = `${subsetTag(this.resourceName)}+${face.postscriptName}`;
    const descriptor = newObjectNumber(doc);
    const descendant = newObjectNumber(doc);
    writeObject(doc, descriptor, (out) => {
      const flags = FLAG_SYMBOLIC | (face.isItalic ? FLAG_ITALIC : 0) | (face.isFixedPitch ? FLAG_FIXED_PITCH : 0);
      out.text('<</Type/FontDescriptor/FontName/').text(name).text('/Flags ').int(flags).text('/FontBBox[').text(face.bbox.map(pdfNumber).join(' '));
      out.text(']/ItalicAngle ').text(pdfNumber(face.italicAngle)).text('/Ascent ').text(pdfNumber(face.ascender)).text('/Descent ').text(pdfNumber(face.descender));
      out.text('/CapHeight ').text(pdfNumber(face.capHeight)).text('/XHeight ').text(pdfNumber(face.xHeight)).text('/StemV 0/FontFile2 ').ref(fontFile.id).text('>>');
    });
    writeObject(doc, descendant, (out) => {
      out.text('<</Type/Font/Subtype/CIDFontType2/BaseFont/').text(name).text('/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>');
      out.text('/FontDescriptor ').ref(descriptor).text('/W').text(streams.widths).text('/CIDToGIDMap/Identity>>');
    });
    writeObject(
      doc,
      this.dictionary.id,
      (out) => {
        out.text('<</Type/Font/Subtype/Type0/BaseFont/').text(name).text('/Encoding/Identity-H/DescendantFonts[').ref(descendant);
        out.text(']/ToUnicode ').ref(toUnicode.id).text('>>');
      },
      this.dictionary,
    );
  }

  private include(glyphId: number): number {
    let id = this.newIdOf.get(glyphId);
    if (id === undefined) {
      id = this.oldIds.length;
      this.newIdOf.set(glyphId, id);
      this.oldIds.push(glyphId);
      this.codePoints.push(undefined);
      for (const component of this.face.components(glyphId)) this.include(component.glyphId);
    }
    return id;
  }
}

/**
 * New ids by glyph id, in a flat array for the font's own glyphs: include() looks one up for every
 * glyph drawn, and a Map's lookups were its 38 us of a 20-item invoice render (1,794 glyphs; CPU
 * profile). A cluster's id (cluster-glyphs.ts, from 0x10000) is kept in a Map. 0 is .notdef's
 * id, and no other glyph's, so it also stands for "not included".
 */
class NewGlyphIds {
  private ids = new Uint16Array(1024);
  private readonly clusters = new Map<number, number>();

  get(glyphId: number): number | undefined {
    if (glyphId >= FONT_GLYPH_IDS) return this.clusters.get(glyphId);
    const id = glyphId < this.ids.length ? this.ids[glyphId] : 0;
    return id !== 0 || glyphId === 0 ? id : undefined;
  }

  set(glyphId: number, id: number): void {
    if (glyphId >= FONT_GLYPH_IDS) {
      this.clusters.set(glyphId, id);
      return;
    }
    if (glyphId >= this.ids.length) {
      const grown = new Uint16Array(Math.min(FONT_GLYPH_IDS, Math.max(this.ids.length * 2, glyphId + 1)));
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[glyphId] = id;
  }
}

/** TrueType glyph ids are 16-bit. */
const FONT_GLYPH_IDS = 0x10000;

/** A loop, not `every`: called for most glyphs drawn (each shaped text has arrays of its own). */
function sameCodePoints(a: readonly number[] | undefined, b: readonly number[]): boolean {
  if (a === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The deflated streams of one subset. */
interface SubsetStreams {
  /** Uncompressed size of the TrueType program, which FontFile2 declares as Length1. */
  programLength: number;
  program: Buffer;
  toUnicode: Buffer;
  /** The descendant font's /W array: the widths of CIDs 0, 1, ... */
  widths: string;
}

/** Subset streams by face, glyph list and mapped characters, least recently used first. */
const cache = new Map<string, SubsetStreams>();
let cachedBytes = 0;
/** A few dozen Latin subsets; a CJK-heavy subset may evict several. */
const CACHE_BYTES = 2 * 1024 * 1024;

/**
 * The subset's deflated streams, reused when a document draws the same glyphs in the same order
 * as an earlier one (the same template with similar data): building and compressing them was
 * about a third of a one-page render. Compressed at the fastest level: PDFKit's default costs
 * 3x more for ~5% less size.
 */
function subsetStreams(
  face: FontFace,
  oldIds: readonly number[],
  newIdOf: GlyphIdLookup,
  codePoints: ReadonlyArray<readonly number[] | undefined>,
): SubsetStreams {
  const key = subsetKey(face, oldIds, codePoints);
  let streams = cache.get(key);
  if (streams) {
    cache.delete(key);
  } else {
    const program = encodeTrueTypeSubset(face, oldIds, newIdOf);
    streams = {
      programLength: program.length,
      program: deflate(program),
      toUnicode: deflate(Buffer.from(`${toUnicodeCMap(codePoints)}\n`, 'latin1')),
      widths: `[0[${oldIds.map((glyphId) => face.pdfWidth(glyphId)).join(' ')}]]`,
    };
    cachedBytes += streams.program.length + streams.toUnicode.length;
    for (const [oldest, evicted] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      cache.delete(oldest);
      cachedBytes -= evicted.program.length + evicted.toUnicode.length;
    }
  }
  cache.set(key, streams);
  return streams;
}

/**
 * The cache key of a subset: its face, its glyph count, its glyphs (a code point each) and each
 * one's characters (their count first). Joined as decimal text it took 16 us of every render (CPU profile).
 */
function subsetKey(face: FontFace, oldIds: readonly number[], codePoints: ReadonlyArray<readonly number[] | undefined>): string {
  let key = `${face.postscriptName}\0${oldIds.length}\0${String.fromCodePoint(...oldIds)}`;
  for (const points of codePoints) key += points ? String.fromCharCode(points.length) + String.fromCodePoint(...points) : '\0';
  return key;
}

/** A number as PDFKit writes one: at most 6 decimals. */
function pdfNumber(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** Six capital letters derived from the resource name, as PDF subset names require. */
function subsetTag(resourceName: string): string {
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + ((resourceName.charCodeAt(i % resourceName.length) + i * 7) % 26));
  return tag;
}

/**
 * Each CID to its characters (a ligature to all of them); glyphs that stand for no character
 * (.notdef, components, marks a font split off) are left out, so they add nothing to the text.
 */
function toUnicodeCMap(codePoints: ReadonlyArray<readonly number[] | undefined>): string {
  const chars: string[] = [];
  codePoints.forEach((points, id) => {
    if (points) chars.push(`<${hex4(id)}> <${points.map(utf16Hex).join('')}>`);
  });
  const blocks: string[] = [];
  // At most 100 entries per beginbfchar block (PDF 32000-1, 9.10.3).
  for (let start = 0; start < chars.length; start += 100) {
    const block = chars.slice(start, start + 100);
    blocks.push(`${block.length} beginbfchar`, ...block, 'endbfchar');
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000><ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

function utf16Hex(codePoint: number): string {
  if (codePoint <= 0xffff) return hex4(codePoint);
  const offset = codePoint - 0x10000;
  return hex4(0xd800 | (offset >> 10)) + hex4(0xdc00 | (offset & 0x3ff));
}

function hex4(value: number): string {
  return value.toString(16).padStart(4, '0');
}
