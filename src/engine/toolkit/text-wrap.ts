import { FontStack } from '../fonts/font-stack';

export interface WrapOptions {
  /** Lines beyond this are dropped and the last kept line ends with an ellipsis. */
  maxLines?: number;
}

const ELLIPSIS = '…';
/** Spaces, single ideographs/kana/Hangul (which may break anywhere), and runs of anything else. */
const TOKENS = /\s+|[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+/gu;

/**
 * Breaks text into lines no wider than `width`: at spaces, between CJK characters, and inside
 * words that are wider than the line on their own. Explicit newlines are kept.
 */
export function wrapText(text: string, stack: FontStack, size: number, width: number, options: WrapOptions = {}): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) wrapParagraph(paragraph, stack, size, width, lines);
  const { maxLines } = options;
  if (maxLines === undefined || lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]}${ELLIPSIS}`, stack, size, width);
  return kept;
}

/** The text as it fits one line of `width`, cut with an ellipsis when too long. */
export function ellipsize(text: string, stack: FontStack, size: number, width: number): string {
  const single = text.replace(/\s+/g, ' ');
  if (stack.measure(single, size) <= width) return single;
  const chars = [...single];
  const ellipsisWidth = stack.measure(ELLIPSIS, size);
  if (ellipsisWidth > width) return '';
  let used = 0;
  let count = 0;
  while (count < chars.length && used + stack.measure(chars[count], size) + ellipsisWidth <= width) used += stack.measure(chars[count++], size);
  return `${chars.slice(0, count).join('').trimEnd()}${ELLIPSIS}`;
}

function wrapParagraph(paragraph: string, stack: FontStack, size: number, width: number, lines: string[]): void {
  let line = '';
  let lineWidth = 0;
  let pendingSpace = false;
  const spaceWidth = stack.measure(' ', size);
  for (const token of paragraph.match(TOKENS) ?? []) {
    if (/^\s/.test(token)) {
      pendingSpace = line.length > 0;
      continue;
    }
    const tokenWidth = stack.measure(token, size);
    const gap = line.length > 0 && pendingSpace ? spaceWidth : 0;
    if (lineWidth + gap + tokenWidth <= width) {
      line += gap > 0 ? ` ${token}` : token;
      lineWidth += gap + tokenWidth;
    } else if (tokenWidth <= width) {
      if (line.length > 0) lines.push(line);
      line = token;
      lineWidth = tokenWidth;
    } else {
      // A word wider than the whole line: fill the current line, then break it by characters.
      for (const char of token) {
        const charWidth = stack.measure(char, size);
        const charGap = line.length > 0 && pendingSpace ? spaceWidth : 0;
        if (lineWidth + charGap + charWidth > width && line.length > 0) {
          lines.push(line);
          line = '';
          lineWidth = 0;
        } else if (charGap > 0) {
          line += ' ';
          lineWidth += charGap;
        }
        pendingSpace = false;
        line += char;
        lineWidth += charWidth;
      }
    }
    pendingSpace = false;
  }
  lines.push(line);
}
