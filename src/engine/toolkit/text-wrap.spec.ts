import { loadFontLibrary } from '../fonts/font-library';
import { FontStack } from '../fonts/font-stack';
import { bestTimes, LINEAR_4X_BOUND } from '../../../test/support/timing';
import { LAYOUT_HYPHEN, ellipsize, isNumberToken, wrapText } from './text-wrap';

let stack: FontStack;
beforeAll(async () => {
  stack = (await loadFontLibrary()).stack({ bold: false, italic: false });
});

/** The lines joined back as a reader would: inserted hyphens removed. */
const joined = (lines: string[]) => lines.map((line) => (line.endsWith(LAYOUT_HYPHEN) ? line.slice(0, -1) : `${line}\n`)).join('').trim().replace(/\n/g, ' ');

describe('wrapText', () => {
  it('breaks at spaces and keeps every line within the width', () => {
    const lines = wrapText('The quick brown fox jumps over the lazy dog', stack, 10, 80);
    expect(lines.join(' ')).toBe('The quick brown fox jumps over the lazy dog');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(stack.measure(line, 10)).toBeLessThanOrEqual(80);
  });

  it('breaks a word longer than the line between characters, with a hyphen at each break', () => {
    const word = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
    const lines = wrapText(`a ${word}`, stack, 10, 60);
    expect(lines.length).toBeGreaterThan(2);
    expect(joined(lines)).toBe(`a ${word}`);
    lines.slice(0, -1).forEach((line) => expect(line.endsWith(LAYOUT_HYPHEN)).toBe(true));
    expect(lines[lines.length - 1].endsWith(LAYOUT_HYPHEN)).toBe(false);
    for (const line of lines) expect(stack.measure(line, 10)).toBeLessThanOrEqual(60);
  });

  it('breaks a long token after its own marks (- / _ @ .) first, adding no hyphen there', () => {
    const email = 'accounts.receivable.department@very-long-company-name.example.com';
    const lines = wrapText(email, stack, 10, 120);
    expect(lines.join('')).toBe(email);
    expect(lines.some((line) => line.includes(LAYOUT_HYPHEN))).toBe(false);
    for (const line of lines) expect(stack.measure(line, 10)).toBeLessThanOrEqual(120);
  });

  it('moves a number to a line of its own rather than breaking it, and never breaks at its separators', () => {
    const fits = (text: string) => stack.measure(text, 10) + 1;
    expect(wrapText('Amount 1,450.00', stack, 10, fits('1,450.00'))).toEqual(['Amount', '1,450.00']);
    expect(wrapText('due 2024/03/12', stack, 10, fits('2024/03/12'))).toEqual(['due', '2024/03/12']);
    expect(isNumberToken('1,450.00')).toBe(true);
    expect(isNumberToken('−€12.50')).toBe(true);
    expect(isNumberToken('Description')).toBe(false);
  });

  it('keeps no-break spaces inside formatted amounts', () => {
    const amount = '1.450,00\u00a0€';
    expect(wrapText(`Total ${amount}`, stack, 10, stack.measure(amount, 10) + 1)).toEqual(['Total', amount]);
  });

  it('breaks a number only when it cannot fit a whole line, with a hyphen', () => {
    const lines = wrapText('10,864,197,530,864.20', stack, 10, 50);
    expect(lines.length).toBeGreaterThan(1);
    expect(joined(lines)).toBe('10,864,197,530,864.20');
  });

  it('breaks between CJK characters without spaces and without hyphens', () => {
    const lines = wrapText('东京都千代田区丸の内一丁目一番一号', stack, 10, 50);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('东京都千代田区丸の内一丁目一番一号');
  });

  it('breaks Thai, Lao, Khmer and Myanmar only between dictionary words, never with a hyphen (DECISIONS section 12)', () => {
    const wordsOf = (text: string, locale: string) => Array.from(new Intl.Segmenter(locale, { granularity: 'word' }).segment(text), (part) => part.segment);
    for (const [text, locale] of [
      ['บริษัทของเราให้บริการออกแบบและพัฒนาซอฟต์แวร์สำหรับธุรกิจขนาดกลางและขนาดย่อมทั่วประเทศไทย', 'th'],
      ['ພວກເຮົາໃຫ້ບໍລິການອອກແບບແລະພັດທະນາຊອບແວສຳລັບທຸລະກິດ', 'lo'],
      ['ក្រុមហ៊ុនរបស់យើងផ្តល់សេវាកម្មរចនានិងអភិវឌ្ឍន៍កម្មវិធី', 'km'],
      ['ကျွန်ုပ်တို့ကုမ္ပဏီသည်ဆော့ဖ်ဝဲဒီဇိုင်းနှင့်ဖွံ့ဖြိုးတိုးတက်ရေးဝန်ဆောင်မှုပေးသည်', 'my'],
    ]) {
      const lines = wrapText(text, stack, 10, 90);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.join('')).toBe(text);
      for (const line of lines) expect(line.endsWith(LAYOUT_HYPHEN)).toBe(false);
      // Each line ends where a word ends.
      const ends = new Set<number>();
      let at = 0;
      for (const word of wordsOf(text, locale)) ends.add((at += word.length));
      let used = 0;
      for (const line of lines) expect([locale, ends.has((used += line.length))]).toEqual([locale, true]);
    }
  });

  it('keeps Japanese and Chinese line rules: no 。、」ー or small kana at a line start, no opening bracket at a line end', () => {
    const text = '「請求書」について、ご確認をお願いいたします。お支払いは「銀行振込」でお願いします。コーヒー、ケーキ、チョコレートを注文しました。我们已收到您的付款，谢谢！（如有疑问，请联系我们。）';
    const noStart = /^[）」』】〕〉》、。，．：；？！ーっゃゅょァィゥェォッャュョ]/u;
    const noEnd = /[（「『【〔〈《]$/u;
    for (let width = 30; width <= 200; width += 7) {
      const lines = wrapText(text, stack, 10, width);
      expect(lines.join('')).toBe(text);
      lines.slice(1).forEach((line) => expect([width, line, noStart.test(line)]).toEqual([width, line, false]));
      lines.slice(0, -1).forEach((line) => expect([width, line, noEnd.test(line)]).toEqual([width, line, false]));
      for (const line of lines) expect(stack.measure(line, 10)).toBeLessThanOrEqual(width + 0.01);
    }
  });

  it('keeps explicit line breaks, including empty lines', () => {
    expect(wrapText('one\n\nthree', stack, 10, 200)).toEqual(['one', '', 'three']);
  });

  it('breaks a 4 MB word in linear time: 4x the characters cost well under 16x', async () => {
    const [word, quarter] = ['x'.repeat(4_000_000), 'x'.repeat(1_000_000)];
    const lines = wrapText(word, stack, 10, 500);
    expect(lines.length).toBeGreaterThan(1000);
    expect(joined(lines)).toBe(word);
    // The two sizes against each other, not against a clock (which a busy machine slows): breaking
    // that is quadratic in the word's length costs 16x for 4x the characters, linear breaking 4x.
    const best = await bestTimes(() => wrapText(quarter, stack, 10, 500), () => wrapText(word, stack, 10, 500));
    expect(best.large).toBeLessThan(LINEAR_4X_BOUND * best.small);
  }, 120_000);
});

describe('ellipsize', () => {
  it('keeps text that fits and cuts text that does not', () => {
    expect(ellipsize('short', stack, 10, 100)).toBe('short');
    const cut = ellipsize('a rather long label for a tiny box', stack, 10, 50);
    expect(cut.endsWith('…')).toBe(true);
    expect(stack.measure(cut, 10)).toBeLessThanOrEqual(50);
  });

  it('gives nothing when not even the ellipsis fits', () => {
    expect(ellipsize('text', stack, 10, 2)).toBe('');
  });
});
