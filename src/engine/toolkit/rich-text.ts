import { Canvas } from './canvas';
import { TextAlign, TextStyle, lineHeight } from './text-style';
import { LAYOUT_HYPHEN } from './text-wrap';
import { Direction, RLM, lineLevels, needsBidi, visualSegments } from './bidi';

export interface RichStyle extends TextStyle {
  underline?: boolean;
}

/** An inline image given as a data URI (see Canvas.image). */
export interface RichImage {
  image: string;
  width: number;
  height: number;
}

/** A run of text in one style, or an inline image; `\n` in text is a hard line break. */
export type RichRun = { text: string; style: RichStyle } | RichImage;

export type RichPiece = { text: string; style: RichStyle; width: number } | RichImage;

export interface RichLine {
  pieces: RichPiece[];
  width: number;
  height: number;
}

const TOKENS = /\n|[^\S\n]+|[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+/gu;

/** Breaks mixed-style runs into lines of at most `width` (words too long break between characters, with a hyphen). */
export function wrapRich(canvas: Canvas, runs: RichRun[], width: number, emptyLineHeight: number): RichLine[] {
  const lines: RichLine[] = [];
  let line: RichLine = { pieces: [], width: 0, height: 0 };
  const finish = () => {
    trimTrailingSpace(line);
    if (line.height === 0) line.height = emptyLineHeight;
    lines.push(line);
    line = { pieces: [], width: 0, height: 0 };
  };
  const append = (piece: RichPiece, height: number) => {
    line.pieces.push(piece);
    line.width += piece.width;
    line.height = Math.max(line.height, height);
  };
  for (const run of runs) {
    if ('image' in run) {
      if (line.pieces.length > 0 && line.width + run.width > width) finish();
      append(run, run.height);
      continue;
    }
    const height = lineHeight(run.style);
    for (const token of run.text.match(TOKENS) ?? []) {
      if (token === '\n') {
        if (line.height === 0) line.height = height;
        finish();
        continue;
      }
      const isSpace = /^\s/.test(token);
      if (isSpace && line.pieces.length === 0) continue;
      const text = isSpace ? ' ' : token;
      const tokenWidth = canvas.measure(text, run.style);
      if (line.width + tokenWidth <= width || isSpace) {
        append({ text, style: run.style, width: tokenWidth }, height);
      } else if (tokenWidth <= width) {
        finish();
        append({ text, style: run.style, width: tokenWidth }, height);
      } else {
        // Wider than a line: broken between characters, each broken line ending with a hyphen.
        const hyphen: RichPiece = { text: LAYOUT_HYPHEN, style: run.style, width: canvas.measure(LAYOUT_HYPHEN, run.style) };
        const chars = [...text];
        chars.forEach((char, i) => {
          const charWidth = canvas.measure(char, run.style);
          const reserve = i === chars.length - 1 ? 0 : hyphen.width;
          if (line.width + charWidth + reserve > width && line.pieces.length > 0) {
            if (i > 0) append(hyphen, height);
            finish();
          }
          append({ text: char, style: run.style, width: charWidth }, height);
        });
      }
    }
  }
  if (line.pieces.length > 0) finish();
  return lines;
}

/**
 * Draws lines from `top`; returns the height used. `align` left out: each line's start (right
 * for a right-to-left line). Pieces of one style are drawn as one line of text (one bidi run
 * resolution, one /ActualText); a line mixing styles and directions is cut into pieces of one
 * embedding level, drawn in visual order.
 */
export function drawRichLines(canvas: Canvas, lines: RichLine[], x: number, top: number, width: number, align?: TextAlign): number {
  let y = top;
  for (const line of lines) {
    const { pieces, direction } = visualPieces(line.pieces);
    const side = align ?? (direction === 'rtl' ? 'right' : 'left');
    let left = side === 'left' ? x : side === 'right' ? x + width - line.width : x + (width - line.width) / 2;
    for (const piece of pieces) {
      if ('image' in piece) {
        canvas.image(piece.image, left, y + line.height - piece.height, piece.width, piece.height);
        left += piece.width;
        continue;
      }
      const pieceTop = y + line.height - lineHeight(piece.style);
      const drawn = canvas.text(piece.text, left, pieceTop, piece.style) || piece.width;
      if (piece.style.underline) canvas.line(left, pieceTop + piece.style.size * 1.15, left + drawn, pieceTop + piece.style.size * 1.15, piece.style.color, 0.5);
      left += drawn;
    }
    y += line.height;
  }
  return y - top;
}

/** Object replacement character: an inline image's place in the line's text for the bidi algorithm (a neutral). */
const OBJECT = '\ufffc';

function sameStyle(a: RichStyle, b: RichStyle): boolean {
  return a === b || (a.size === b.size && a.color === b.color && !a.bold === !b.bold && !a.italic === !b.italic && a.family === b.family && !a.underline === !b.underline);
}

/** The line's pieces merged by style, in visual order, and the line's base direction. */
export function visualPieces(logical: RichPiece[]): { pieces: RichPiece[]; direction: Direction } {
  const merged: RichPiece[] = [];
  for (const piece of logical) {
    const last = merged[merged.length - 1];
    if (last && 'text' in last && 'text' in piece && sameStyle(last.style, piece.style)) merged[merged.length - 1] = { ...last, text: last.text + piece.text, width: last.width + piece.width };
    else merged.push(piece);
  }
  const text = merged.map((piece) => ('image' in piece ? OBJECT : piece.text)).join('');
  if (!needsBidi(text)) return { pieces: merged, direction: 'ltr' };
  const { levels, direction } = lineLevels(text);
  if (merged.length === 1) return { pieces: merged, direction };
  const starts: number[] = [];
  let offset = 0;
  for (const piece of merged) {
    starts.push(offset);
    offset += 'image' in piece ? 1 : piece.text.length;
  }
  const pieces: RichPiece[] = [];
  for (const [start, end, level] of visualSegments(levels)) {
    const fragments: RichPiece[] = [];
    merged.forEach((piece, i) => {
      const from = Math.max(start, starts[i]);
      const to = Math.min(end, i + 1 < merged.length ? starts[i + 1] : text.length);
      if (from >= to) return;
      if ('image' in piece) fragments.push(piece);
      // An RLM holds a right-to-left fragment's direction when it has only neutral characters (`(`, ` - `).
      else fragments.push({ text: (level % 2 === 1 ? RLM : '') + piece.text.slice(from - starts[i], to - starts[i]), style: piece.style, width: 0 });
    });
    if (level % 2 === 1) fragments.reverse();
    pieces.push(...fragments);
  }
  return { pieces, direction };
}

function trimTrailingSpace(line: RichLine): void {
  const last = line.pieces[line.pieces.length - 1];
  if (last && 'text' in last && last.text === ' ') {
    line.pieces.pop();
    line.width -= last.width;
  }
}
