import bidiFactory from 'bidi-js';

/**
 * The Unicode bidirectional algorithm (UAX #9, by bidi-js) for the lines the toolkit draws.
 * Lines are broken on the logical text (text-wrap.ts); each drawn line is then cut into runs
 * of one embedding level, put in visual order (rule L2), and each run is shaped in its own
 * direction: a right-to-left run is shaped with 'rtl', which returns its glyphs in visual order.
 */
const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';

/** Left-to-right and right-to-left marks: invisible strong characters that fix a line's base direction. */
export const LRM = '\u200e';
export const RLM = '\u200f';

/**
 * Characters without which a line is plain left-to-right text (the fast path, no bidi work):
 * Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, their presentation forms, the
 * right-to-left mark, explicit embeddings/overrides/isolates, and the historic RTL scripts.
 */
const BIDI_TRIGGER = /[\u0590-\u08ff\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/**
 * Scripts whose glyphs are reordered, combined or joined by shaping (Arabic and Hebrew above,
 * Indic, Thai, Lao, Tibetan, Myanmar, Khmer): their glyphs' ToUnicode entries alone do not give
 * the text back in order, so the line carries its text as /ActualText.
 */
const COMPLEX_SCRIPT = /[\u0590-\u08ff\u0900-\u0dff\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** Bidi format characters: they steer the algorithm and draw nothing. */
const FORMAT = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A run of one direction, in visual order; `text` is what is shaped (mirrored, format characters out). */
export interface VisualRun {
  text: string;
  rtl: boolean;
  /** Logical indices of the run in the line, start inclusive, end exclusive. */
  start: number;
  end: number;
  /** Some characters were replaced by their mirror (an RTL run's brackets): see mirroredOriginal. */
  mirrored?: boolean;
}

export interface BidiLine {
  /** Base direction: from the line's first strong character (a leading RLM/LRM decides), LTR when none. */
  direction: Direction;
  /** Runs left to right. */
  runs: VisualRun[];
  /**
   * A left-to-right line of a complex script (Indic, Thai...): its glyphs, reordered or combined by
   * shaping, do not read back as the text, so the line carries it as /ActualText. Never set for
   * a line with right-to-left text: text extractors (poppler, pdf.js, Acrobat) read such a line
   * from its glyphs in visual order and apply the bidi algorithm themselves, and poppler reverses
   * an /ActualText of right-to-left characters as if it were visual (poppler 22.12, measured).
   */
  needsActualText: boolean;
}

/** True when the text has characters that need the bidi algorithm. */
export function needsBidi(text: string): boolean {
  return !isBelowU0590(text) && BIDI_TRIGGER.test(text);
}

/** True when the text has characters of a script whose shaping reorders, joins or combines glyphs. */
export function isComplexScript(text: string): boolean {
  return !isBelowU0590(text) && COMPLEX_SCRIPT.test(text);
}

/**
 * True when no character is at or above U+0590, where the right-to-left, complex scripts and
 * bidi controls start: most lines of most documents, which then need neither needsBidi nor
 * isComplexScript (their Unicode regular expressions cost 27 us of a 2 ms invoice on every line).
 * A regular expression without the u flag, over code units: a loop of charCodeAt here took 250 ns
 * a line against 20, its loads megamorphic from the many kinds of string a document's lines are
 * (sliced, concatenated, internalised...; V8's optimised code).
 */
export function isBelowU0590(text: string): boolean {
  return !AT_OR_ABOVE_U0590.test(text);
}

const AT_OR_ABOVE_U0590 = /[^\0-\u058f]/;

/**
 * Base direction of a paragraph (rules P2, P3): RTL when its first strong character, outside
 * isolates, is R or AL; LTR otherwise (no strong character included).
 */
export function paragraphDirection(text: string): Direction {
  if (!needsBidi(text)) return 'ltr';
  return bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
}

/**
 * Marks the lines of a paragraph broken from `paragraph` with its base direction where a line on
 * its own would take the other one (an RTL paragraph's line that starts with a Latin word or a
 * figure): the mark is a leading RLM or LRM, drawn as nothing and left out of the text layer.
 */
export function markLineDirections(paragraph: string, lines: string[], from: number): void {
  if (!needsBidi(paragraph)) return;
  const direction = paragraphDirection(paragraph);
  for (let i = from; i < lines.length; i++) {
    if (lines[i].length > 0 && paragraphDirection(lines[i]) !== direction) lines[i] = (direction === 'rtl' ? RLM : LRM) + lines[i];
  }
}

/** The line as the customer sent it: without the leading direction mark the layout may have added. */
export function logicalText(line: string): string {
  const first = line.charCodeAt(0);
  return first === 0x200e || first === 0x200f ? line.slice(1) : line;
}

/** Embedding levels of the line, with rule L1 applied (trailing whitespace at the paragraph's level). */
export function lineLevels(line: string): { levels: Uint8Array; direction: Direction } {
  const embedding = bidi.getEmbeddingLevels(line, 'auto');
  const base = embedding.paragraphs[0]?.level ?? 0;
  const levels = embedding.levels;
  for (let i = line.length - 1; i >= 0; i--) {
    const type = bidi.getBidiCharTypeName(line[i]);
    if (type !== 'WS' && type !== 'BN' && type !== 'FSI' && type !== 'LRI' && type !== 'RLI' && type !== 'PDI' && !FORMAT_SET.has(line[i])) break;
    levels[i] = base;
  }
  return { levels, direction: base % 2 === 1 ? 'rtl' : 'ltr' };
}

const FORMAT_SET = new Set(['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e']);

/**
 * Runs of one level in visual order (rule L2: from the highest level down to the lowest odd one,
 * every sequence of runs at that level or higher is reversed), as [start, end, level] with end
 * exclusive. The characters of an odd-level run are reversed by shaping it right to left.
 */
export function visualSegments(levels: ArrayLike<number>, start = 0, end = levels.length): Array<[number, number, number]> {
  const runs: Array<[number, number, number]> = [];
  for (let i = start; i < end; ) {
    let j = i + 1;
    while (j < end && levels[j] === levels[i]) j++;
    runs.push([i, j, levels[i]]);
    i = j;
  }
  let highest = 0;
  let lowestOdd = Infinity;
  for (const [, , level] of runs) {
    highest = Math.max(highest, level);
    if (level % 2 === 1) lowestOdd = Math.min(lowestOdd, level);
  }
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i][2] < level) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < runs.length && runs[j][2] >= level) j++;
      reverse(runs, i, j);
      i = j;
    }
  }
  return runs;
}

function reverse<T>(items: T[], from: number, to: number): void {
  for (let a = from, b = to - 1; a < b; a++, b--) [items[a], items[b]] = [items[b], items[a]];
}

/** The character's mirror (brackets, less/greater-than, quotes...) for a right-to-left run, or itself. */
export function mirrored(text: string): string {
  let result = '';
  for (const char of text) result += bidi.getMirroredCharacter(char) ?? char;
  return result;
}

/**
 * The character a glyph of a mirrored RTL run stands for when it is a mirrored bracket (the
 * glyph's own character is the mirror: '(' drawn for ')'), else null. Canvas.text gives the
 * glyph the original as its characters, so the text layer holds what was sent.
 */
export function mirroredOriginal(codePoints: readonly number[]): string | null {
  if (codePoints.length !== 1) return null;
  return bidi.getMirroredCharacter(String.fromCodePoint(codePoints[0]));
}

/** Bounded cache of laid-out lines: names, labels and amounts repeat across documents. */
const LINE_CACHE_ENTRIES = 2048;
const LINE_CACHE_MAX_LENGTH = 200;
const lineCache = new Map<string, BidiLine>();

/**
 * A drawn line in visual runs. Plain left-to-right text is one run with no bidi work; a line
 * with right-to-left characters goes through the algorithm, with mirroring in its RTL runs.
 */
export function layoutLine(line: string): BidiLine {
  if (!needsBidi(line)) {
    const text = logicalText(line);
    return { direction: 'ltr', runs: [{ text, rtl: false, start: line.length - text.length, end: line.length }], needsActualText: isComplexScript(line) };
  }
  let result = lineCache.get(line);
  if (result) return result;
  const { levels, direction } = lineLevels(line);
  const runs: VisualRun[] = [];
  for (const [start, end, level] of visualSegments(levels)) {
    const rtl = level % 2 === 1;
    const raw = line.slice(start, end).replace(FORMAT, '');
    if (raw.length === 0) continue;
    const text = rtl ? mirrored(raw) : raw;
    runs.push(text === raw ? { text, rtl, start, end } : { text, rtl, start, end, mirrored: true });
  }
  result = { direction, runs, needsActualText: false };
  if (line.length <= LINE_CACHE_MAX_LENGTH) {
    if (lineCache.size >= LINE_CACHE_ENTRIES) lineCache.clear();
    lineCache.set(line, result);
  }
  return result;
}
