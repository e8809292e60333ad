import { FaceGlyph, FontFace } from './font-face';
import { CjkLocale, DedicatedScript, cjkLocaleOfText, isDefaultIgnorable, isEmojiCluster, scriptOf } from './scripts';

/**
 * A glyph of shaped text, in visual order: the face that draws it, its characters (several for
 * a ligature, for ToUnicode), advance and offsets in 1/1000 em.
 */
export interface ShapedGlyph extends FaceGlyph {
  face: FontFace;
}

export type Direction = 'ltr' | 'rtl';

/** A shaped string and its advance in 1/1000 em. */
interface Shaped {
  glyphs: readonly ShapedGlyph[];
  advance: number;
}

/** The faces of one style, each read on first use. */
export interface StackFaces {
  /** The style's own face and its DejaVu fallbacks, in order. */
  base: ReadonlyArray<() => FontFace>;
  /** The face of each script that has one; tried first for that script's characters. */
  scripts: Readonly<Record<DedicatedScript, () => FontFace>>;
  cjk: Readonly<Record<CjkLocale, () => FontFace>>;
  emoji: () => FontFace;
}

/**
 * Bounds of the per-stack cache of shaped strings: labels, words and amounts repeat within and
 * across documents; long paragraphs rarely do and would only hold memory.
 */
const SHAPE_CACHE_ENTRIES = 4096;
const SHAPE_CACHE_MAX_LENGTH = 64;
/** Lines up to a page wide: fontkit's layout of one costs 0.1 to 0.5 ms when the fast path cannot take it. */
const LONG_CACHE_ENTRIES = 256;
const LONG_CACHE_MAX_LENGTH = 400;
/** Bound of the cache of the face chosen for a cluster outside Latin-1. */
const CLUSTER_CACHE_ENTRIES = 8192;

/**
 * Combining marks of one cluster that are drawn (DECISIONS section 13): shaping stacks marks with
 * cost growing faster than their number ("e" and 19,999 acute accents took 8.9 s). The text layer
 * keeps the others.
 */
export const MAX_DRAWN_MARKS = 32;

/** Drawn where no face has the character: a visible, searchable replacement mark. */
const REPLACEMENT_CHARACTER = 0xfffd;
const INVISIBLE = -1;
const MISSING = -2;

const CJK_LOCALES: readonly CjkLocale[] = ['sc', 'ja', 'ko', 'tc'];

/** Format and control characters that draw nothing when no face has a glyph for them. */
function isInvisible(codePoint: number): boolean {
  return codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0) || isDefaultIgnorable(codePoint);
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A run of clusters drawn by one face and shaped together. */
interface Run {
  face: number;
  script: string | null;
  text: string;
  /** An emoji cluster, shaped alone: one glyph stands for every character of the sequence. */
  emoji?: boolean;
  /** A cluster with more marks than are drawn, shaped alone: the characters left undrawn. */
  undrawn?: number[];
}

/**
 * An ordered list of faces for one style. Text is cut into clusters (a base and its marks, an
 * emoji sequence, a flag), each drawn whole by the first face that has all of it: the script's
 * own face first (Arabic, Hebrew, Thai, Indic), then the style's face and DejaVu, the CJK faces
 * in the order of the document's language (or of the text), the emoji face. Consecutive
 * clusters of one face and script are shaped together with that face's GSUB/GPOS. Faces are
 * parsed on first need, once per process; shaped strings are cached for every later document.
 */
export class FontStack {
  private readonly shaped = new Map<string, Shaped>();
  /** Whole lines of paragraphs (notes, terms) that a template draws again with the same data. */
  private readonly shapedLong = new Map<string, Shaped>();
  private readonly sources: Array<() => FontFace>;
  private readonly faces: Array<FontFace | undefined>;
  private readonly scriptFace = new Map<string, number>();
  private readonly emojiFace: number;
  /** How many of the faces are the style's own (the first ones). */
  private readonly baseCount: number;
  private readonly cjkFace: Record<CjkLocale, number>;
  /** Candidate faces, by CJK preference: the style's faces, CJK, emoji, then the script faces. */
  private readonly orders = new Map<CjkLocale, number[]>();
  /** Face index by code point of a text whose every code unit is a cluster (isOneCodeUnitClusters). */
  private readonly latinFaces = new Map<number, number>();
  private readonly clusterFaces = new Map<string, number>();

  /**
   * `cjk`: the CJK forms the document's language asks for; null lets each text decide (kana:
   * Japanese, hangul: Korean, else Simplified Chinese).
   */
  constructor(
    faces: StackFaces,
    private readonly cjk: CjkLocale | null = null,
  ) {
    this.sources = [...faces.base];
    this.baseCount = faces.base.length;
    for (const [script, source] of Object.entries(faces.scripts)) this.scriptFace.set(script, this.sources.push(source) - 1);
    this.cjkFace = { sc: 0, ja: 0, ko: 0, tc: 0 };
    for (const locale of CJK_LOCALES) this.cjkFace[locale] = this.sources.push(faces.cjk[locale]) - 1;
    this.emojiFace = this.sources.push(faces.emoji) - 1;
    this.faces = new Array(this.sources.length);
  }

  get primary(): FontFace {
    return this.face(0);
  }

  /**
   * Glyphs for the text (NFC-normalised), in visual order: left to right for 'ltr', the whole
   * text reversed for 'rtl' (a bidi run of right-to-left characters). Characters no face has
   * become U+FFFD; invisible format characters nothing. Shared: never mutate.
   */
  shape(text: string, direction: Direction = 'ltr'): readonly ShapedGlyph[] {
    return this.shaping(text, direction).glyphs;
  }

  /** Width of the shaped text in points at the given size. */
  measure(text: string, size: number, direction: Direction = 'ltr'): number {
    // Text longer than the caches keep (a pasted blob, a 4 MB word) is measured without making its glyphs:
    // text-wrap.spec's 4 MB word took 2.4 s a measure through shape(), ~0.5 s this way.
    if (text.length > LONG_CACHE_MAX_LENGTH) return (this.measureUncached(text) * size) / 1000;
    return (this.shaping(text, direction).advance * size) / 1000;
  }

  /** The advance shapeUncached would give (direction does not change an advance). */
  private measureUncached(input: string): number {
    const text = isLatin1(input) ? input : input.normalize('NFC');
    let advance = 0;
    for (const run of this.runs(text)) {
      if (run.face === MISSING) {
        const face = this.primary;
        advance += face.advance(face.glyphId(REPLACEMENT_CHARACTER)) * run.text.length;
      } else if (run.emoji) advance += this.shapeUncached(run.text, 'ltr').advance;
      else advance += this.face(run.face).measure(run.text, this.runScript(run), 'ltr');
    }
    return advance;
  }

  /** The script named to the face's layout: see shapeUncached. */
  private runScript(run: Run): string | undefined {
    const simple = run.script === null || run.script === 'latn' || run.script === 'grek' || run.script === 'cyrl';
    return run.face < this.baseCount && simple && !run.emoji ? (run.script ?? 'latn') : undefined;
  }

  /** The glyph of one character alone, or null when it draws nothing. */
  glyph(codePoint: number): ShapedGlyph | null {
    return this.shape(String.fromCodePoint(codePoint))[0] ?? null;
  }

  private shaping(text: string, direction: Direction): Shaped {
    const key = direction === 'ltr' ? text : `\u0001${text}`;
    let result = key.length <= SHAPE_CACHE_MAX_LENGTH + 1 ? this.shaped.get(key) : this.shapedLong.get(key);
    if (result) return result;
    result = this.shapeUncached(text, direction);
    if (text.length <= SHAPE_CACHE_MAX_LENGTH) {
      // Starting over when full keeps the bound without bookkeeping; the common strings return at once.
      if (this.shaped.size >= SHAPE_CACHE_ENTRIES) this.shaped.clear();
      this.shaped.set(key, result);
    } else if (text.length <= LONG_CACHE_MAX_LENGTH) {
      if (this.shapedLong.size >= LONG_CACHE_ENTRIES) this.shapedLong.clear();
      this.shapedLong.set(key, result);
    }
    return result;
  }

  private shapeUncached(input: string, direction: Direction): Shaped {
    const text = isLatin1(input) ? input : input.normalize('NFC');
    const runs = this.runs(text);
    if (direction === 'rtl') runs.reverse();
    const glyphs: ShapedGlyph[] = [];
    let advance = 0;
    for (const run of runs) {
      if (run.face === MISSING) {
        const face = this.primary;
        const glyphId = face.glyphId(REPLACEMENT_CHARACTER);
        const glyph = { face, glyphId, codePoints: [REPLACEMENT_CHARACTER], advance: face.advance(glyphId), xOffset: 0, yOffset: 0 };
        for (let i = 0; i < run.text.length; i++) glyphs.push(glyph);
        advance += glyph.advance * run.text.length;
        continue;
      }
      const face = this.face(run.face);
      // Latin, Greek and Cyrillic in the style's own faces, and digits and punctuation alone (shaped as
      // Latin, so that they kern alike), name their script: FontFace.layout has a fast path for them. Any
      // other run lets fontkit name its script from the text: it knows the tags of each script's shaper
      // (the new Indic specs 'dev2', 'tml2'...), and a plain 'taml' would choose the old one.
      const script = this.runScript(run);
      const shaped = face.layout(run.text, script ?? undefined, direction);
      // Fonts may draw a sequence (a skin tone, a family) as one glyph that names only its first character.
      if (run.emoji && shaped.length === 1) shaped[0] = { ...shaped[0], codePoints: [...run.text].map((char) => char.codePointAt(0)!) };
      // The marks not drawn are read from the cluster's last glyph (its first, drawn right to left).
      const glyphsOfRun = run.undrawn && shaped.length > 0 ? withUndrawn(shaped, run.undrawn, direction) : shaped;
      for (const glyph of glyphsOfRun) {
        glyphs.push({ face, ...glyph });
        advance += glyph.advance;
      }
    }
    return { glyphs, advance };
  }

  /**
   * The text cut into runs of one face and one script, in logical order. A run of missing
   * clusters holds one character per replacement glyph.
   */
  private runs(text: string): Run[] {
    const runs: Run[] = [];
    let current: Run | undefined;
    const add = (cluster: string, face: number, script: string | null) => {
      if (face === INVISIBLE) return;
      if (current && !current.emoji && current.face === face && (script === null || current.script === null || current.script === script)) {
        current.text += face === MISSING ? '?' : cluster;
        current.script ??= script;
      } else {
        current = { face, script, text: face === MISSING ? '?' : cluster };
        runs.push(current);
      }
    };
    if (isOneCodeUnitClusters(text)) {
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        add(text[i], this.latinFace(code), scriptOf(code));
      }
      return runs;
    }
    const cjk = this.cjk ?? cjkLocaleOfText(text);
    for (const { segment } of graphemes.segment(text)) {
      const code = segment.codePointAt(0)!;
      if (segment.length === 1 && code < 0x300) add(segment, this.latinFace(code), scriptOf(code));
      else if (isEmojiCluster(segment)) {
        const face = this.clusterFace(segment, code, cjk);
        if (face >= 0) runs.push((current = { face, script: 'emoj', text: segment, emoji: true }));
        else add(segment, face, null);
      } else if (segment.length > MAX_DRAWN_MARKS + 1) this.addCapped(runs, segment, cjk);
      else add(segment, this.clusterFace(segment, code, cjk), scriptOf(code));
      if (runs.length && runs[runs.length - 1].undrawn) current = undefined;
    }
    return runs;
  }

  /** A cluster of more than MAX_DRAWN_MARKS marks: its own run, drawing the base and the first marks. */
  private addCapped(runs: Run[], segment: string, cjk: CjkLocale): void {
    const codes = [...segment].map((char) => char.codePointAt(0)!);
    const drawn = String.fromCodePoint(...codes.slice(0, MAX_DRAWN_MARKS + 1));
    if (drawn.length === segment.length) {
      runs.push({ face: this.clusterFace(segment, codes[0], cjk), script: scriptOf(codes[0]), text: segment });
      return;
    }
    const face = this.clusterFace(drawn, codes[0], cjk);
    runs.push({ face: face === INVISIBLE ? MISSING : face, script: scriptOf(codes[0]), text: face === MISSING || face === INVISIBLE ? '?' : drawn, undrawn: codes.slice(MAX_DRAWN_MARKS + 1) });
  }

  private latinFace(code: number): number {
    let face = this.latinFaces.get(code);
    if (face === undefined) {
      face = this.chooseFace(String.fromCharCode(code), code, 'sc');
      this.latinFaces.set(code, face);
    }
    return face;
  }

  private clusterFace(cluster: string, base: number, cjk: CjkLocale): number {
    const key = cjk + cluster;
    let face = this.clusterFaces.get(key);
    if (face === undefined) {
      face = this.chooseFace(cluster, base, cjk);
      if (this.clusterFaces.size >= CLUSTER_CACHE_ENTRIES) this.clusterFaces.clear();
      this.clusterFaces.set(key, face);
    }
    return face;
  }

  /** The first candidate face with every visible character of the cluster, else the first with its base. */
  private chooseFace(cluster: string, base: number, cjk: CjkLocale): number {
    const script = scriptOf(base);
    const own = script === null ? undefined : this.scriptFace.get(script);
    const emoji = isEmojiCluster(cluster);
    const order = this.order(cjk);
    const candidates = emoji ? [this.emojiFace, ...order] : own !== undefined ? [own, ...order] : order;
    const codes = [...cluster].map((char) => char.codePointAt(0)!).filter((code) => !isDefaultIgnorable(code));
    if (codes.length === 0) return isInvisible(base) ? INVISIBLE : MISSING;
    let withBase: number | undefined;
    for (const index of candidates) {
      const face = this.face(index);
      if (face.glyphId(codes[0]) === 0) continue;
      if (codes.every((code) => face.glyphId(code) !== 0)) return index;
      withBase ??= index;
    }
    if (withBase !== undefined) return withBase;
    return codes.every(isInvisible) ? INVISIBLE : MISSING;
  }

  private order(cjk: CjkLocale): number[] {
    let order = this.orders.get(cjk);
    if (!order) {
      // The Korean face has no hanja: Korean uses the traditional forms.
      const preferred = cjk === 'ko' ? ['ko', 'tc'] : [cjk];
      const cjkFaces = [...preferred, ...CJK_LOCALES.filter((locale) => !preferred.includes(locale))].map((locale) => this.cjkFace[locale as CjkLocale]);
      order = [...Array.from({ length: this.baseCount }, (_, i) => i), ...cjkFaces, this.emojiFace, ...this.scriptFace.values()];
      this.orders.set(cjk, order);
    }
    return order;
  }

  private face(index: number): FontFace {
    return (this.faces[index] ??= this.sources[index]());
  }
}

/** A copy of the glyphs (shared by the face's caches) whose last in reading order also reads as `undrawn`. */
function withUndrawn(shaped: readonly FaceGlyph[], undrawn: number[], direction: Direction): FaceGlyph[] {
  const out = shaped.slice();
  const last = direction === 'rtl' ? 0 : out.length - 1;
  out[last] = { ...out[last], codePoints: [...out[last].codePoints, ...undrawn] };
  return out;
}

/** True when no character needs normalising or cluster segmentation (all below U+0300). */
function isLatin1(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x300) return false;
  return true;
}

/**
 * True when each UTF-16 unit is a cluster of its own: Latin, Greek, Cyrillic, Armenian letters,
 * digits and punctuation, without combining marks. Such text needs no grapheme segmentation,
 * which cost 0.4 ms of a 3.7 ms invoice whose descriptions mix Greek and Cyrillic words
 * (Intl.Segmenter, CPU profile of the bench's new-text-each-render case).
 */
function isOneCodeUnitClusters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x590 || (code >= 0x300 && code < 0x370) || (code >= 0x483 && code < 0x48a)) return false;
  }
  return true;
}
