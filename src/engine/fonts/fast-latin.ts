import type * as fontkit from 'fontkit';
import type { FaceGlyph } from './font-face';

/** The scripts the fast path takes (shared characters, digits and punctuation go with any of them). */
export type SimpleScript = 'latn' | 'grek' | 'cyrl';

export function isSimpleScript(script: string | undefined): script is SimpleScript {
  return script === 'latn' || script === 'grek' || script === 'cyrl';
}

/**
 * A shortcut through fontkit's layout for the bulk of business documents: Latin, Greek and
 * Cyrillic letters, digits and punctuation, left to right, in a face whose default features
 * can only kern them or, for a few known pairs, make a ligature.
 *
 * Measured (node 20, DejaVu Sans): fontkit's `layout` costs ~85 us for a 20-character string
 * and ~1.7 ms for a 100-character line; this path ~1 us and ~4 us. An invoice draws ~150
 * distinct strings, so a document of new text spent ~15 ms in shaping through fontkit alone
 * (the budget for the whole render is 3 ms); see FontFace.layout for the figures with it.
 *
 * It gives exactly fontkit's glyphs and advances (fast-latin.spec.ts compares them on random
 * and real strings of every bundled Latin face, in each of the three scripts), because it only
 * answers where fontkit's result is a one-to-one cmap lookup plus pair kerning:
 * - every character is in FAST_RANGES (no combining marks, no default ignorables, no fraction
 *   slash, which turns on fontkit's fraction features) and has a glyph in the face;
 * - the lookups of the features fontkit applies for the script (its default language system)
 *   are read once: a glyph that a single/multiple/alternate substitution or a contextual rule
 *   that can match fast glyphs alone may change is "blocked" (its text goes through fontkit);
 *   a ligature whose components are all fast glyphs blocks the pair of its first two
 *   components, not the glyphs (so "f" and "i" stay fast; "fi" is fontkit's);
 * - a pair oracle: each adjacent pair of glyphs is shaped once by fontkit alone and kept per
 *   face: its kerning (an adjustment of the first glyph's advance), or "not a plain pair"
 *   (the text goes through fontkit). GPOS pair adjustments that touch the second glyph or
 *   place glyphs, and contextual positioning that can match fast glyphs, turn the path off.
 * Pair kerning composes: fontkit applies each pair-adjustment lookup to every adjacent pair
 * independently when the second glyph's value format is empty (checked), so the sum over the
 * pairs of a string is its layout. The work is linear in the text's length.
 */
export class FastLatin {
  /** Pair adjustment in font units by `first * 0x10000 + second`; null: not a plain pair. */
  private readonly pairs = new Map<number, number | null>();
  /** Glyph id by character below FAST_LIMIT (-1: not yet read; 0: not fast in this face). */
  private readonly ids = new Int32Array(FAST_LIMIT).fill(-1);
  private readonly advances = new Float64Array(FAST_LIMIT);

  private constructor(
    private readonly font: fontkit.Font,
    private readonly script: SimpleScript,
    private readonly analysis: Analysis,
  ) {}

  /** The fast path of a face for a script, or null when its tables are beyond it. */
  static forFace(font: fontkit.Font, script: SimpleScript): FastLatin | null {
    const analysis = analyse(font, script);
    return analysis ? new FastLatin(font, script, analysis) : null;
  }

  /**
   * True when a space can be shaped apart from its neighbours: no substitution or contextual
   * rule of the script's features looks at it and no pair adjustment involves it. Words can
   * then be shaped and cached one by one (FontFace.layout).
   */
  get spaceIsInert(): boolean {
    return this.analysis.spaceInert;
  }

  /** The shaped text (1/1000 em with `scale`), or null when it needs the full layout engine. */
  layout(text: string, scale: number): FaceGlyph[] | null {
    const glyphs: FaceGlyph[] = new Array(text.length);
    const fast = this.walk(text, (i, code, id, kern) => {
      if (kern !== 0) glyphs[i - 1].advance += kern * scale;
      glyphs[i] = { glyphId: id, codePoints: [code], advance: this.advances[code] * scale, xOffset: 0, yOffset: 0 };
    });
    return fast ? glyphs : null;
  }

  /** The advance of the text in font units, as `layout` would sum it, without making its glyphs; null as there. */
  advance(text: string): number | null {
    let total = 0;
    return this.walk(text, (_i, code, _id, kern) => (total += kern + this.advances[code])) ? total : null;
  }

  /**
   * Visits each character with its glyph and its kerning against the one before (font units);
   * false, part way, when the text needs fontkit.
   */
  private walk(text: string, visit: (index: number, code: number, id: number, kern: number) => void): boolean {
    let previous = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= FAST_LIMIT) return false;
      let id = this.ids[code];
      if (id < 0) id = this.readGlyph(code);
      if (id === 0) return false;
      let kern: number | null = 0;
      if (i > 0) {
        const cached = this.pairs.get(previous * 0x10000 + id);
        kern = cached === undefined ? this.kerning(previous, id, text, i - 1) : cached;
        if (kern === null) return false;
      }
      visit(i, code, id, kern);
      previous = id;
    }
    return true;
  }

  private readGlyph(code: number): number {
    let id = isFast(code) && this.font.hasGlyphForCodePoint(code) ? this.font.glyphForCodePoint(code).id : 0;
    if (this.analysis.blocked.has(id)) id = 0;
    this.ids[code] = id;
    this.advances[code] = id ? this.advanceOf(id) : 0;
    return id;
  }

  private advanceOf(id: number): number {
    return (this.font.getGlyph(id) as unknown as { advanceWidth: number }).advanceWidth;
  }

  /** fontkit's kerning of the pair, read from its layout of the two characters alone. */
  private kerning(first: number, second: number, text: string, at: number): number | null {
    const key = first * 0x10000 + second;
    let kern: number | null = null;
    if (!this.analysis.blockedPairs.has(key)) {
      const run = this.font.layout(text.slice(at, at + 2), [], this.script as never, undefined, 'ltr') as unknown as {
        glyphs: Array<{ id: number }>;
        positions: Array<{ xAdvance: number; xOffset: number; yOffset: number; yAdvance: number }>;
      };
      const [a, b] = run.positions;
      const plain =
        run.glyphs.length === 2 &&
        run.glyphs[0].id === first &&
        run.glyphs[1].id === second &&
        a.xOffset === 0 && a.yOffset === 0 && a.yAdvance === 0 &&
        b.xOffset === 0 && b.yOffset === 0 && b.yAdvance === 0 &&
        b.xAdvance === this.advanceOf(second);
      kern = plain ? a.xAdvance - this.advanceOf(first) : null;
    }
    this.pairs.set(key, kern);
    return kern;
  }
}

const FAST_LIMIT = 0x2100;

/** Basic Latin, Latin-1, Latin Extended-A/B, Greek, Cyrillic (no combining marks), general punctuation and currency signs. */
function isFast(code: number): boolean {
  if (code < 0x20) return false;
  if (code < 0x7f) return true;
  if (code < 0xa0) return false;
  if (code < 0x250) return code !== 0xad;
  // Not the Coptic letters of the Greek block (fontkit names their script Coptic), nor the tonos marks.
  if (code >= 0x370 && code < 0x400) return code !== 0x37a && code !== 0x384 && code !== 0x385 && !(code >= 0x3e2 && code <= 0x3ef);
  if (code >= 0x400 && code < 0x530) return code < 0x483 || code > 0x489;
  if (code >= 0x2010 && code <= 0x2027) return true;
  if (code >= 0x202f && code <= 0x205e) return code !== 0x2044;
  return code >= 0x20a0 && code <= 0x20cf;
}

interface Analysis {
  blocked: Set<number>;
  blockedPairs: Set<number>;
  spaceInert: boolean;
}

/** What the face's lookups can do to fast text of the script; null when its positioning is beyond pairs. */
function analyse(font: fontkit.Font, script: SimpleScript): Analysis | null {
  const tables = font as unknown as { GSUB?: LayoutTable; GPOS?: LayoutTable; kern?: unknown };
  const fast = new Set<number>();
  for (let code = 0x20; code < FAST_LIMIT; code++) if (isFast(code) && font.hasGlyphForCodePoint(code)) fast.add(font.glyphForCodePoint(code).id);
  const space = font.hasGlyphForCodePoint(0x20) ? font.glyphForCodePoint(0x20).id : -1;
  const blocked = new Set<number>();
  const blockedPairs = new Set<number>();
  /** Every glyph a lookup may look at (for the space's sake). */
  const seen = new Set<number>();
  let spaceInert = space > 0;
  for (const { lookupType, table } of scriptLookups(tables.GSUB, script)) {
    if (lookupType === 1 || lookupType === 2 || lookupType === 3 || lookupType === 8) {
      if (table.coverage) for (const id of coverageGlyphs(table.coverage)) (seen.add(id), fast.has(id) && blocked.add(id));
    } else if (lookupType === 4) {
      const firsts = [...coverageGlyphs(table.coverage!)];
      firsts.forEach((first, index) => {
        seen.add(first);
        for (const ligature of lazyItems(table.ligatureSets, index) as Array<{ components: number[] }>) {
          ligature.components.forEach((id) => seen.add(id));
          if (fast.has(first) && ligature.components.every((id) => fast.has(id))) blockedPairs.add(first * 0x10000 + ligature.components[0]);
        }
      });
    } else if (lookupType === 5 || lookupType === 6) {
      contextRules(table, fast, blocked, seen);
    } else spaceInert = false;
  }
  for (const { lookupType, table } of scriptLookups(tables.GPOS, script)) {
    if (lookupType === 2) {
      if (Object.values(table.valueFormat2 ?? {}).some(Boolean)) return null;
      const first = table.valueFormat1 ?? {};
      if (first.xPlacement || first.yPlacement || first.yAdvance) return null;
      if (spaceInert && pairTouches(table, space)) spaceInert = false;
    } else if (lookupType === 4 || lookupType === 5 || lookupType === 6) {
      for (const coverage of [table.markCoverage, table.mark1Coverage]) if (coverage) for (const id of coverageGlyphs(coverage)) (seen.add(id), blocked.add(id));
    } else if (lookupType === 1 || lookupType === 3) {
      if (table.coverage) for (const id of coverageGlyphs(table.coverage)) (seen.add(id), blocked.add(id));
    } else if (lookupType === 7 || lookupType === 8) {
      // Contextual positioning: the glyphs it may move go through fontkit, like contextual substitution.
      contextRules(table, fast, blocked, seen);
    } else return null;
  }
  // fontkit uses the legacy kern table when GPOS has no kern feature: pairs, which the oracle reads, but the space may kern.
  if (tables.kern && !(tables.GPOS && scriptLookups(tables.GPOS, script).length > 0)) spaceInert = false;
  if (seen.has(space)) spaceInert = false;
  return { blocked, blockedPairs, spaceInert };
}

/** Whether a pair adjustment subtable may adjust a pair with the glyph on either side. */
function pairTouches(table: SubTable, glyph: number): boolean {
  if ([...coverageGlyphs(table.coverage!)].includes(glyph)) return true;
  if (table.version === 1) {
    const count = table.pairSetCount ?? 0;
    for (let i = 0; i < count; i++) for (const pair of lazyItems(table.pairSets, i) as Array<{ secondGlyph: number }>) if (pair.secondGlyph === glyph) return true;
    return false;
  }
  const class2 = classOf(table.classDef2!, glyph);
  for (let c1 = 0; c1 < (table.class1Count ?? 0); c1++) {
    const row = lazyItems(table.classRecords, c1) as unknown as LazyList;
    const record = (typeof row.get === 'function' ? row.get(class2) : row[class2]) as { value1?: Record<string, number> } | undefined;
    if (record && Object.values(record.value1 ?? {}).some((value) => typeof value === 'number' && value !== 0)) return true;
  }
  return false;
}

/**
 * Contextual rules (GSUB 5/6, GPOS 7/8): a rule that fast glyphs alone can match (every position
 * has a fast glyph) blocks the fast glyphs of its input positions. Every glyph a rule names is `seen`.
 */
function contextRules(table: SubTable, fast: Set<number>, blocked: Set<number>, seen: Set<number>): void {
  const glyphSet = (ids: Iterable<number>) => {
    const set = new Set(ids);
    set.forEach((id) => seen.add(id));
    return set;
  };
  const anyFast = (set: Set<number>) => [...set].some((id) => fast.has(id));
  const block = (sets: Array<Set<number>>) => sets.forEach((set) => set.forEach((id) => fast.has(id) && blocked.add(id)));
  /** Glyphs of a class; class 0 holds every glyph the class definition leaves out (the space among them, possibly). */
  const classGlyphs = (classDef: ClassDef | undefined, value: number): Set<number> => {
    if (value === 0) return glyphSet([...fast].filter((id) => !classDef || classOf(classDef, id) === 0));
    return glyphSet(classDefGlyphs(classDef, value));
  };
  if (table.version === 3) {
    const backtrack = (table.backtrackCoverage ?? []).map((c) => glyphSet(coverageGlyphs(c)));
    const input = (table.inputCoverage ?? table.coverages ?? []).map((c) => glyphSet(coverageGlyphs(c)));
    const lookahead = (table.lookaheadCoverage ?? []).map((c) => glyphSet(coverageGlyphs(c)));
    if ([...backtrack, ...input, ...lookahead].every(anyFast)) block(input);
    return;
  }
  const firsts = [...coverageGlyphs(table.coverage!)];
  firsts.forEach((id) => seen.add(id));
  if (table.version === 1) {
    const sets = table.chainRuleSets ?? table.ruleSets ?? [];
    firsts.forEach((first, index) => {
      for (const rule of (sets[index] ?? []) as ChainRule[]) {
        const input = [new Set([first]), ...rule.input.map((id) => glyphSet([id]))];
        const context = [...(rule.backtrack ?? []), ...(rule.lookahead ?? [])].map((id) => glyphSet([id]));
        if ([...input, ...context].every(anyFast)) block(input);
      }
    });
    return;
  }
  // Class-based: the first input glyph is in the coverage and has the rule set's class.
  const inputDef = table.inputClassDef ?? table.classDef;
  const sets = table.chainClassSet ?? table.classSet ?? [];
  sets.forEach((rules, firstClass) => {
    if (!rules || rules.length === 0) return;
    const first = new Set(firsts.filter((id) => classOf(inputDef!, id) === firstClass));
    for (const rule of rules as ChainRule[]) {
      const input = [first, ...(rule.input ?? rule.classes ?? []).map((value) => classGlyphs(inputDef, value))];
      const context = [
        ...(rule.backtrack ?? []).map((value) => classGlyphs(table.backtrackClassDef, value)),
        ...(rule.lookahead ?? []).map((value) => classGlyphs(table.lookaheadClassDef, value)),
      ];
      if ([...input, ...context].every(anyFast)) block(input);
    }
  });
}

interface Coverage {
  version: number;
  glyphs?: number[];
  rangeRecords?: Array<{ start: number; end: number }>;
}

interface ClassDef {
  version: number;
  startGlyph?: number;
  classValueArray?: number[];
  classRangeRecord?: Array<{ start: number; end: number; class: number }>;
}

interface ChainRule {
  backtrack?: number[];
  input: number[];
  classes?: number[];
  lookahead?: number[];
}

interface LazyList {
  get?(index: number): unknown;
  [index: number]: unknown;
}

interface SubTable {
  version?: number;
  coverage?: Coverage;
  coverages?: Coverage[];
  backtrackCoverage?: Coverage[];
  inputCoverage?: Coverage[];
  lookaheadCoverage?: Coverage[];
  markCoverage?: Coverage;
  mark1Coverage?: Coverage;
  classDef?: ClassDef;
  backtrackClassDef?: ClassDef;
  inputClassDef?: ClassDef;
  lookaheadClassDef?: ClassDef;
  classDef2?: ClassDef;
  class1Count?: number;
  pairSetCount?: number;
  pairSets?: LazyList;
  classRecords?: LazyList;
  ligatureSets?: LazyList;
  ruleSets?: unknown[][];
  classSet?: unknown[][];
  chainRuleSets?: unknown[][];
  chainClassSet?: unknown[][];
  valueFormat1?: Record<string, boolean>;
  valueFormat2?: Record<string, boolean>;
  lookupType?: number;
  extension?: SubTable;
}

interface LangSys {
  featureIndexes: number[];
}

interface LayoutTable {
  scriptList: Array<{ tag: string; script: { defaultLangSys?: LangSys } }>;
  featureList: Array<{ tag: string; feature: { lookupListIndexes: number[] } }>;
  lookupList: { get(index: number): { lookupType: number; subTables: SubTable[] } };
}

/** The features fontkit turns on for left-to-right text of a simple script without being asked. */
const DEFAULT_FEATURES = new Set(['rvrn', 'ltra', 'ltrm', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern']);

/**
 * Subtables of the lookups fontkit applies to text of the script: its OTProcessor takes the
 * script's entry (else DFLT, dflt, latn) and that entry's default language system.
 */
function scriptLookups(table: LayoutTable | undefined, script: SimpleScript): Array<{ lookupType: number; table: SubTable }> {
  if (!table) return [];
  const entry = [script, 'DFLT', 'dflt', 'latn'].map((tag) => table.scriptList.find((record) => record.tag === tag)).find(Boolean);
  const langSys = entry?.script.defaultLangSys;
  if (!langSys) return [];
  const indexes = new Set<number>();
  for (const featureIndex of langSys.featureIndexes) {
    const record = table.featureList[featureIndex];
    if (DEFAULT_FEATURES.has(record.tag)) for (const index of record.feature.lookupListIndexes) indexes.add(index);
  }
  const out: Array<{ lookupType: number; table: SubTable }> = [];
  for (const index of indexes) {
    const lookup = table.lookupList.get(index);
    for (const sub of lookup.subTables) {
      // Extension lookups (GSUB 7, GPOS 9) wrap the real subtable.
      if (sub.extension) out.push({ lookupType: sub.lookupType ?? 0, table: sub.extension });
      else out.push({ lookupType: lookup.lookupType, table: sub });
    }
  }
  return out;
}

function lazyItems(list: LazyList | undefined, index: number): unknown[] {
  if (!list) return [];
  return ((typeof list.get === 'function' ? list.get(index) : list[index]) ?? []) as unknown[];
}

function* coverageGlyphs(coverage: Coverage): Generator<number> {
  if (coverage.version === 1) yield* coverage.glyphs ?? [];
  else for (const range of coverage.rangeRecords ?? []) for (let id = range.start; id <= range.end; id++) yield id;
}

function classOf(classDef: ClassDef, glyph: number): number {
  if (classDef.version === 1) {
    const index = glyph - (classDef.startGlyph ?? 0);
    return index >= 0 && index < (classDef.classValueArray ?? []).length ? classDef.classValueArray![index] : 0;
  }
  for (const range of classDef.classRangeRecord ?? []) if (range.start <= glyph && glyph <= range.end) return range.class;
  return 0;
}

function* classDefGlyphs(classDef: ClassDef | undefined, value: number): Generator<number> {
  if (!classDef) return;
  if (classDef.version === 1) {
    const values = classDef.classValueArray ?? [];
    for (let i = 0; i < values.length; i++) if (values[i] === value) yield (classDef.startGlyph ?? 0) + i;
  } else for (const range of classDef.classRangeRecord ?? []) if (range.class === value) for (let id = range.start; id <= range.end; id++) yield id;
}
