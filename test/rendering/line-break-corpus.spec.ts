import { loadFontLibrary } from '../../src/engine/fonts/font-library';
import { FontStack } from '../../src/engine/fonts/font-stack';
import { LAYOUT_HYPHEN, wrapText } from '../../src/engine/toolkit/text-wrap';
import { JAPANESE_SENTENCES, THAI_SENTENCES } from './fixtures/line-break-corpus';

/**
 * Every break point of a corpus of Thai and Japanese sentences, at many column widths, checked
 * against an authority other than the wrapper (DECISIONS section 12, issue 35): for Thai, ICU's
 * dictionary words (Intl.Segmenter); for Japanese, the line-start and line-end rules of
 * JIS X 4051 as listed here, apart from the wrapper's own list.
 */
const SIZE = 10;
/** The wrapper adds characters' widths one by one; the shaped line may kern a pair of kana by a tenth of a point. */
const KERNING = 0.25;
let stack: FontStack;
beforeAll(async () => {
  stack = (await loadFontLibrary()).stack({ bold: false, italic: false });
});

/** Where each line ends in the sentence, skipping the spaces a break swallows. */
function lineEnds(sentence: string, lines: string[]): number[] {
  const ends: number[] = [];
  let at = 0;
  for (const line of lines) {
    while (sentence[at] === ' ' && !line.startsWith(' ')) at++;
    expect(sentence.startsWith(line, at)).toBe(true);
    ends.push((at += line.length));
  }
  expect(at).toBe(sentence.length);
  return ends;
}

describe('Thai line breaks, a corpus of 240 sentences', () => {
  const thaiWords = new Intl.Segmenter('th', { granularity: 'word' });
  const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });
  /** Vowels written before their consonant, and signs that end a syllable: a break never falls after the first or before the second. */
  const LEADING_VOWEL = /[\u0e40-\u0e44]$/u;
  const FOLLOWING_SIGN = /^[\u0e30\u0e32\u0e33\u0e45\u0e46\u0e2f]/u;

  it('holds at least 200 sentences', () => {
    expect(new Set(THAI_SENTENCES).size).toBeGreaterThanOrEqual(200);
  });

  it.each([60, 90, 150])('breaks each sentence only between dictionary words at %i pt, with no added hyphen', (width) => {
    let broken = 0;
    for (const sentence of THAI_SENTENCES) {
      const lines = wrapText(sentence, stack, SIZE, width);
      const wordEnds = new Set<number>();
      const wordOf = new Map<number, string>();
      for (const { segment, index } of thaiWords.segment(sentence)) {
        wordEnds.add(index + segment.length);
        for (let i = index + 1; i < index + segment.length; i++) wordOf.set(i, segment);
      }
      const clusterEnds = new Set(Array.from(graphemes.segment(sentence), ({ index, segment }) => index + segment.length));
      for (const [i, end] of lineEnds(sentence, lines).entries()) {
        expect(lines[i]).not.toContain(LAYOUT_HYPHEN);
        expect(stack.measure(lines[i], SIZE)).toBeLessThanOrEqual(width + 0.01);
        if (wordEnds.has(end) || sentence[end] === ' ') continue;
        // Inside a word: only one wider than the column, and only between its syllables' clusters.
        const word = wordOf.get(end)!;
        const verdict = { sentence, line: lines[i], word, wider: stack.measure(word, SIZE) > width, cluster: clusterEnds.has(end) && !LEADING_VOWEL.test(sentence.slice(0, end)) && !FOLLOWING_SIGN.test(sentence.slice(end)) };
        expect(verdict).toEqual({ ...verdict, wider: true, cluster: true });
      }
      if (lines.length > 1) broken++;
    }
    expect(broken).toBeGreaterThan(THAI_SENTENCES.length / 2);
  });

  it('breaks a word wider than a narrow column between syllables, never cutting a consonant from its vowel', () => {
    for (const sentence of THAI_SENTENCES.slice(0, 40)) {
      const lines = wrapText(sentence, stack, SIZE, 24);
      const clusterEnds = new Set(Array.from(graphemes.segment(sentence), ({ index, segment }) => index + segment.length));
      for (const end of lineEnds(sentence, lines)) {
        const verdict = { sentence, end, boundary: clusterEnds.has(end) && !LEADING_VOWEL.test(sentence.slice(0, end)) && !FOLLOWING_SIGN.test(sentence.slice(end)) };
        expect(verdict).toEqual({ ...verdict, boundary: true });
      }
    }
  });
});

describe('Japanese line breaks, a corpus of 240 sentences', () => {
  /** JIS X 4051 classes 2 to 6 and the small kana of class 11: never at a line start. */
  const NEVER_STARTS = /^[）〕］｝〉》」』】〙〗〟’”)\]}、。，．・：；？！ーヽヾゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ]/u;
  /** Class 1, opening brackets: never at a line end. */
  const NEVER_ENDS = /[（〔［｛〈《「『【〘〖〝‘“(\[{]$/u;

  it('holds at least 200 sentences', () => {
    expect(new Set(JAPANESE_SENTENCES).size).toBeGreaterThanOrEqual(200);
  });

  it('starts no line with a closing bracket, stop, comma, small kana or ー, and ends none with an opening bracket, at every width from 40 to 220 pt', () => {
    let checkedBreaks = 0;
    for (const sentence of JAPANESE_SENTENCES) {
      for (let width = 40; width <= 220; width += 9) {
        const lines = wrapText(sentence, stack, SIZE, width);
        expect(lines.join('')).toBe(sentence);
        for (const [i, line] of lines.entries()) {
          expect(stack.measure(line, SIZE)).toBeLessThanOrEqual(width + KERNING);
          if (i > 0) expect({ width, line, startsBadly: NEVER_STARTS.test(line) }).toEqual({ width, line, startsBadly: false });
          if (i < lines.length - 1) expect({ width, line, endsBadly: NEVER_ENDS.test(line) }).toEqual({ width, line, endsBadly: false });
        }
        checkedBreaks += lines.length - 1;
      }
    }
    expect(checkedBreaks).toBeGreaterThan(10_000);
  });
});
