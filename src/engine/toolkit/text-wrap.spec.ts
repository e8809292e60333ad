import { loadFontLibrary } from '../fonts/font-library';
import { FontStack } from '../fonts/font-stack';
import { ellipsize, wrapText } from './text-wrap';

let stack: FontStack;
beforeAll(async () => {
  stack = (await loadFontLibrary()).stack({ bold: false, italic: false });
});

describe('wrapText', () => {
  it('breaks at spaces and keeps every line within the width', () => {
    const lines = wrapText('The quick brown fox jumps over the lazy dog', stack, 10, 80);
    expect(lines.join(' ')).toBe('The quick brown fox jumps over the lazy dog');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(stack.measure(line, 10)).toBeLessThanOrEqual(80);
  });

  it('cuts a word longer than the line by characters', () => {
    const word = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
    const lines = wrapText(`a ${word}`, stack, 10, 60);
    expect(lines.join('').replace(/\s/g, '')).toBe(`a${word}`);
    for (const line of lines) expect(stack.measure(line, 10)).toBeLessThanOrEqual(60);
  });

  it('breaks between CJK characters without spaces', () => {
    const lines = wrapText('东京都千代田区丸の内一丁目一番一号', stack, 10, 50);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('东京都千代田区丸の内一丁目一番一号');
  });

  it('keeps explicit line breaks, including empty lines', () => {
    expect(wrapText('one\n\nthree', stack, 10, 200)).toEqual(['one', '', 'three']);
  });

  it('ends the last kept line with an ellipsis when lines are limited', () => {
    const lines = wrapText('alpha beta gamma delta epsilon zeta eta theta', stack, 10, 60, { maxLines: 2 });
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
    expect(stack.measure(lines[1], 10)).toBeLessThanOrEqual(60);
  });
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
