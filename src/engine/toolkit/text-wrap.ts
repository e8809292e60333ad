import { FontStack } from '../fonts/font-stack';
import { markLineDirections } from './bidi';

/**
 * The hyphen the layout adds where it breaks a word between characters: U+2010 HYPHEN, drawn
 * like `-` but told apart from a hyphen the customer sent (tests join it back with the next line).
 */
export const LAYOUT_HYPHEN = '\u2010';

const ELLIPSIS = '…';
/** Characters that may break anywhere: ideographs, kana, Hangul, fullwidth forms. */
const CJK = '\\u2e80-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\uff00-\\uffef';
/** Breakable spaces: no-break, figure and narrow no-break spaces (inside formatted numbers) hold their neighbours together. */
const SPACE = '\\t\\n\\v\\f\\r \\u1680\\u2000-\\u2006\\u2008-\\u200a\\u205f\\u3000';
/** Thai, Lao, Myanmar and Khmer: written without spaces, broken only between words found by dictionary (ICU's, through Intl.Segmenter). */
const DICTIONARY = '\\u0e00-\\u0eff\\u1000-\\u109f\\u1780-\\u17ff\\u19e0-\\u19ff\\uaa60-\\uaa7f\\ua9e0-\\ua9ff';
/** Spaces, single CJK characters, runs of Thai (Lao, Khmer, Myanmar), and runs of anything else. */
const TOKENS = new RegExp(`[${SPACE}]+|[${CJK}]|[${DICTIONARY}]+|[^${SPACE}${CJK}${DICTIONARY}]+`, 'gu');
const DICTIONARY_RUN = new RegExp(`^[${DICTIONARY}]`);
const words = new Intl.Segmenter(undefined, { granularity: 'word' });
/**
 * Japanese and Chinese line rules (JIS X 4051, kinsoku): what never starts a line (closing
 * brackets, stops and commas, small kana, the prolonged sound mark and iteration marks) and what
 * never ends one (opening brackets). Either takes its neighbour to the next line with it.
 */
const NO_LINE_START = /^[）〕］｝〉》」』】〙〗〟’”｠»)\]}、。，．・：；？！‼⁇⁈⁉ヽヾーゝゞ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰ-ㇿ]/u;
const NO_LINE_END = /[（〔［｛〈《「『【〘〖〝‘“｟«]$/u;
/** Inside a long token, breaking after these needs no hyphen (paths, e-mail addresses, snake_case, URLs). */
const BREAK_AFTER = /[-/_@.]/;
/** Tokens of a figure: digits and separators, a currency code or unit at most. */
const DIGIT = /\p{Nd}/u;
const LETTERS = /\p{L}/gu;

/** True for a token that reads as a number (`1,450.00`, `-€12.5`, `CHF 3'000`, `12%`): never broken where avoidable. */
export function isNumberToken(token: string): boolean {
  return DIGIT.test(token) && (token.match(LETTERS)?.length ?? 0) <= 3;
}

/** The words of the text that must not be broken: every token of a figure, and every word when `allWords`. Shared: never mutate. */
export function unbreakableTokens(text: string, allWords: boolean): readonly string[] {
  const cache = allWords ? wordsByText : figuresByText;
  let tokens = cache.get(text);
  if (!tokens) {
    tokens = (text.match(TOKENS) ?? []).filter((token) => !isSpace(token) && (allWords || isNumberToken(token)));
    if (text.length > WRAP_CACHE_MAX_LENGTH) return tokens;
    if (cache.size >= WRAP_CACHE_ENTRIES) cache.clear();
    cache.set(text, tokens);
  }
  return tokens;
}

/**
 * Unbreakable tokens by text: a table looks for the figures of its cells with every document
 * (tokens and their figure tests took about 50 us of the 20-item invoice's 1.6 ms, CPU profile).
 */
const wordsByText = new Map<string, readonly string[]>();
const figuresByText = new Map<string, readonly string[]>();

/**
 * Breaks text into lines no wider than `width`: at spaces and between CJK characters; a token
 * wider than the line breaks after `-` `/` `_` `@` `.` where it has them (not inside numbers), and
 * otherwise between characters with LAYOUT_HYPHEN at the break. Thai, Lao, Khmer and Myanmar
 * break between the words of a dictionary, never with a hyphen. Explicit newlines are kept.
 * A line whose own first strong character would give it the other direction than its paragraph
 * (an RTL paragraph's line starting with a Latin word or a figure) starts with an RLM or LRM
 * (bidi.ts markLineDirections): invisible, left out of the text layer by Canvas.text.
 */
export function wrapText(text: string, stack: FontStack, size: number, width: number): string[] {
  if (text.length > WRAP_CACHE_MAX_LENGTH) return wrapUncached(text, stack, size, width);
  let lines = wrapCache(stack, size, width).get(text);
  if (!lines) {
    lines = wrapUncached(text, stack, size, width);
    if (wrapCacheEntries++ >= WRAP_CACHE_ENTRIES) {
      wrapCaches = new WeakMap();
      wrapCacheEntries = 1;
    }
    wrapCache(stack, size, width).set(text, lines);
  }
  // A copy: callers may cut or extend their lines.
  return lines.slice();
}

/**
 * Lines of texts wrapped before, by stack, size and width: a template's labels, amounts, dates and
 * item texts come back with every document, and wrapping them again (tokens, measures, bidi
 * check) took 190 us of the 20-item invoice's 1.6 ms (CPU profile). Bounded by texts kept (all
 * dropped when full: no bookkeeping) and by their length.
 */
const WRAP_CACHE_ENTRIES = 4096;
const WRAP_CACHE_MAX_LENGTH = 400;
let wrapCaches = new WeakMap<FontStack, Map<number, Map<number, Map<string, readonly string[]>>>>();
let wrapCacheEntries = 0;

function wrapCache(stack: FontStack, size: number, width: number): Map<string, readonly string[]> {
  let sizes = wrapCaches.get(stack);
  if (!sizes) wrapCaches.set(stack, (sizes = new Map()));
  let widths = sizes.get(size);
  if (!widths) sizes.set(size, (widths = new Map()));
  let texts = widths.get(width);
  if (!texts) widths.set(width, (texts = new Map()));
  return texts;
}

function wrapUncached(text: string, stack: FontStack, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const from = lines.length;
    wrapParagraph(paragraph, stack, size, width, lines);
    // Lines are broken on the logical text; each keeps its paragraph's base direction when drawn.
    markLineDirections(paragraph, lines, from);
  }
  return lines;
}

/**
 * The text as it fits one line of `width`, cut with an ellipsis when too long. Never for content
 * (DECISIONS section 12): only for a repeat of text the document prints whole elsewhere, such as
 * a running title in the page furniture.
 */
export function ellipsize(text: string, stack: FontStack, size: number, width: number): string {
  const single = text.replace(/\s+/g, ' ');
  if (stack.measure(single, size) <= width) return single;
  const chars = graphemes(single);
  const ellipsisWidth = stack.measure(ELLIPSIS, size);
  if (ellipsisWidth > width) return '';
  let used = 0;
  let count = 0;
  while (count < chars.length && used + stack.measure(chars[count], size) + ellipsisWidth <= width) used += stack.measure(chars[count++], size);
  return `${chars.slice(0, count).join('').trimEnd()}${ELLIPSIS}`;
}

/** Characters that join the one before them into a cluster. */
const CLUSTERING = /[\p{M}\u200c\u200d\ufe00-\ufe0f\u{1f3fb}-\u{1f3ff}\u{1f1e6}-\u{1f1ff}\u{e0020}-\u{e007f}]/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * User-perceived characters: a base with its combining marks (Hebrew points, Arabic harakat,
 * Indic vowel signs), emoji sequences and flags are never broken apart.
 */
function graphemes(text: string): string[] {
  // Without marks, joiners, selectors, modifiers or flags a code point is a character: no segmenter needed (it is slow on long words).
  if (!CLUSTERING.test(text)) return [...text];
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** Thai and Lao vowels written before their consonant: they go with the character after them. */
const LEADING_VOWEL = /^[\u0e40-\u0e44\u0ec0-\u0ec4]$/u;
/** Thai and Lao vowels and signs that close a syllable (sara a, aa, am; repetition and abbreviation marks): they go with the character before them. */
const CLOSING_SIGN = /^[\u0e30\u0e32\u0e33\u0e45\u0e46\u0e2f\u0eb0\u0eb2\u0eb3\u0ec6\u0eaf]/u;

/**
 * The clusters a word of Thai or Lao may be broken between when it is wider than a line: its
 * characters, with a leading vowel joined to the consonant after it and a closing vowel or sign
 * to the character before it, so that no line ends with เ or starts with ะ.
 */
function syllableClusters(word: string): string[] {
  const clusters: string[] = [];
  let leading = '';
  for (const char of graphemes(word)) {
    if (LEADING_VOWEL.test(char)) leading += char;
    else if (clusters.length > 0 && !leading && CLOSING_SIGN.test(char)) clusters[clusters.length - 1] += char;
    else {
      clusters.push(leading + char);
      leading = '';
    }
  }
  if (leading) clusters.push(leading);
  return clusters;
}

/** True for a run of breakable spaces (tokens are runs: the first character tells). */
function isSpace(token: string): boolean {
  const code = token.charCodeAt(0);
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return code === 0x1680 || (code >= 0x2000 && code <= 0x200a && code !== 0x2007) || code === 0x205f || code === 0x3000;
}

/** Lines being filled: the current line, its width, and whether a space is due before the next token. */
class LineFiller {
  line = '';
  lineWidth = 0;
  pendingSpace = false;

  constructor(
    private readonly lines: string[],
    private readonly spaceWidth: number,
    readonly width: number,
    private readonly measure: (text: string) => number,
  ) {}

  get gap(): number {
    return this.line.length > 0 && this.pendingSpace ? this.spaceWidth : 0;
  }

  /** Room left on the line for a token placed after the pending space. */
  get room(): number {
    return this.width - this.lineWidth - this.gap;
  }

  append(token: string, tokenWidth: number): void {
    const gap = this.gap;
    this.line += gap > 0 ? ` ${token}` : token;
    this.lineWidth += gap + tokenWidth;
    this.pendingSpace = false;
  }

  finish(): void {
    if (this.line.length > 0) this.lines.push(this.line);
    this.line = '';
    this.lineWidth = 0;
    this.pendingSpace = false;
  }

  /** Puts the token on this line or the next, whole when it fits a line. */
  place(token: string, tokenWidth: number): boolean {
    if (tokenWidth <= this.room) this.append(token, tokenWidth);
    else if (tokenWidth <= this.width) {
      const carried = this.carried(token, tokenWidth);
      this.finish();
      if (carried) this.append(carried, this.measure(carried));
      this.append(token, tokenWidth);
    } else return false;
    return true;
  }

  /**
   * The last characters of this line that the line rules keep with what follows: an opening
   * bracket at its end, and whatever must come before a `token` that may not start a line (`。`,
   * `」`, `ー`, and `。」` together). Removed from this line; none when that would leave the line
   * empty or not fit the next one with the token.
   */
  private carried(token: string, tokenWidth: number): string {
    if (this.pendingSpace) return '';
    let line = this.line;
    let carried = '';
    while (NO_LINE_END.test(line) || NO_LINE_START.test(carried || token)) {
      const last = String.fromCodePoint(line.codePointAt(line.length - 1 - Number(/[\udc00-\udfff]$/.test(line)))!);
      if (last.length >= line.length) return '';
      line = line.slice(0, -last.length);
      carried = last + carried;
    }
    const carriedWidth = carried ? this.measure(carried) : 0;
    if (!carried || carriedWidth + tokenWidth > this.width) return '';
    this.line = line;
    this.lineWidth -= carriedWidth;
    return carried;
  }
}

function wrapParagraph(paragraph: string, stack: FontStack, size: number, width: number, lines: string[]): void {
  const filler = new LineFiller(lines, stack.measure(' ', size), width, (text) => stack.measure(text, size));
  for (const token of paragraph.match(TOKENS) ?? []) {
    if (isSpace(token)) {
      filler.pendingSpace = filler.line.length > 0;
      continue;
    }
    // Word by word, so that the words that fit fill the line (a token of these scripts is a run of them alone: its first character tells).
    if (token.charCodeAt(0) >= 0x0e00 && DICTIONARY_RUN.test(token)) {
      placeWords(token, stack, size, filler);
      continue;
    }
    if (filler.place(token, stack.measure(token, size))) continue;
    // Wider than a whole line: a figure starts a line of its own; anything else breaks at its own marks first.
    if (isNumberToken(token)) {
      filler.finish();
      breakByCharacters(token, stack, size, filler);
      continue;
    }
    for (const piece of pieces(token)) {
      if (!filler.place(piece, stack.measure(piece, size))) breakByCharacters(piece, stack, size, filler);
    }
  }
  lines.push(filler.line);
}

/** A run of Thai (Lao, Khmer, Myanmar) placed word by word; a word wider than a line breaks between characters, without a hyphen. */
function placeWords(token: string, stack: FontStack, size: number, filler: LineFiller): void {
  for (const { segment } of words.segment(token)) {
    if (!filler.place(segment, stack.measure(segment, size))) breakByCharacters(segment, stack, size, filler, '');
  }
}

/** The token cut after each break mark that has a non-digit on one side (so `1,450.00` and `2024/03/12` stay whole). */
function pieces(token: string): string[] {
  const result: string[] = [];
  let start = 0;
  for (let i = 1; i < token.length - 1; i++) {
    if (!BREAK_AFTER.test(token[i]) || (DIGIT.test(token[i - 1]) && DIGIT.test(token[i + 1]))) continue;
    // A run of marks (`--`, `://`) breaks after its last one.
    if (BREAK_AFTER.test(token[i + 1])) continue;
    result.push(token.slice(start, i + 1));
    start = i + 1;
  }
  result.push(token.slice(start));
  return result;
}

/** Fills lines with the token's characters, ending each broken line with `breakMark` (LAYOUT_HYPHEN; none, and between syllable clusters, for Thai). Linear in the token's length. */
function breakByCharacters(token: string, stack: FontStack, size: number, filler: LineFiller, breakMark = LAYOUT_HYPHEN): void {
  const hyphenWidth = breakMark ? stack.measure(breakMark, size) : 0;
  const chars = breakMark ? graphemes(token) : syllableClusters(token);
  const widths = chars.map((char) => stack.measure(char, size));
  let restWidth = widths.reduce((sum, w) => sum + w, 0);
  let index = 0;
  while (index < chars.length) {
    if (restWidth <= filler.room) {
      filler.append(chars.slice(index).join(''), restWidth);
      return;
    }
    // As many characters as fit with the hyphen, leaving at least one for the next line.
    const room = filler.room - hyphenWidth;
    let count = 0;
    for (let used = 0; index + count < chars.length - 1 && used + widths[index + count] <= room; count++) used += widths[index + count];
    // On a line already in use, fewer than two characters are not worth a hyphen: start a fresh line.
    if (count < 2 && filler.line.length > 0) {
      filler.finish();
      continue;
    }
    // A fresh line narrower than one character still takes one (Canvas.text compresses it).
    count = Math.max(1, count);
    // A mark in the second half of the part (`2025-03-`) is a better break than a hyphen between characters.
    for (let i = index + count - 1; i >= index + count / 2; i--) {
      if (BREAK_AFTER.test(chars[i])) {
        count = i - index + 1;
        break;
      }
    }
    const part = chars.slice(index, index + count).join('');
    const hyphen = index + count === chars.length || BREAK_AFTER.test(chars[index + count - 1]) ? '' : breakMark;
    filler.append(part + hyphen, stack.measure(part + hyphen, size));
    filler.finish();
    for (let i = index; i < index + count; i++) restWidth -= widths[i];
    index += count;
  }
}
