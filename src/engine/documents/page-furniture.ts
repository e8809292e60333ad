import { Canvas } from '../toolkit/canvas';
import { Rect } from '../toolkit/rect';
import { lineHeight, textStyle, TextStyle } from '../toolkit/text-style';
import { wrapText } from '../toolkit/text-wrap';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { PageFurniture } from './document-layout';

/**
 * A built-in document's own page furniture (DECISIONS section 12): on every page of a document of
 * more than one page a footer line (name left, page label right, hairline above), and on pages 2+
 * a header line ("<name> · continued", hairline below). Drawn in the margins, after the content,
 * when the page count is known. A name too long for one line wraps, and its band takes the lines
 * it needs: running furniture never shortens the customer's words.
 */

const STYLE: TextStyle = textStyle(TYPE.small, COLORS.muted);
const RULE_GAP = 4;
const LINE = lineHeight(STYLE);
/** Least room between a band and the content, and between a band and the page edge. */
const PAD = 9;
/** The widest page label a document has room for ("Page 9999 of 9999"): the footer's name wraps beside it. */
const LONGEST_PAGE = 9999;
/**
 * The most lines a band takes: a name that needs more in a narrow frame (a 36 pt column) is set
 * in this many lines, each compressed into the width (Canvas.text), so it stays whole and on the page.
 */
const MAX_LINES = 3;

/** A band of `lines` lines of small type and its hairline. */
function bandHeight(lines: number): number {
  return lines * LINE + RULE_GAP;
}

/** The running name's lines: the footer's beside the page label, the header's with its suffix, each within the frame. */
function nameLines(canvas: Canvas, furniture: PageFurniture, width: number): { footer: string[]; header: string[] } {
  const stack = canvas.stack(STYLE);
  const labelWidth = canvas.measure(furniture.pageLabel(LONGEST_PAGE, LONGEST_PAGE), STYLE);
  const wrapped = (text: string, room: number) => atMost(text, wrapText(text, stack, STYLE.size, room), MAX_LINES);
  return {
    footer: wrapped(furniture.name, Math.max(1, width - labelWidth - SPACE.md)),
    header: wrapped(`${furniture.name} · ${furniture.continued}`, width),
  };
}

/** The text's lines, or, when it needs more than `count`, the text cut into `count` lines of about as many characters. */
function atMost(text: string, lines: string[], count: number): string[] {
  if (lines.length <= count) return lines;
  const characters = Array.from(text);
  const per = Math.ceil(characters.length / count);
  return Array.from({ length: count }, (_, i) => characters.slice(i * per, (i + 1) * per).join('')).filter(Boolean);
}

/** The margin the bands need around content `width` wide; a smaller margin is widened by insetting the content frame. */
export function furnitureMargin(canvas: Canvas, furniture: PageFurniture, width: number): number {
  const { footer, header } = nameLines(canvas, furniture, width);
  return bandHeight(Math.max(footer.length, header.length)) + 2 * PAD;
}

export function defaultFurniture(title: string): PageFurniture {
  return { name: title, pageLabel: (page, total) => `Page ${page} of ${total}`, continued: 'continued' };
}

/** Draws the bands on every page around `frame` (the frame the content was laid out in). No-op for one page. */
export function drawFurniture(canvas: Canvas, pageHeight: number, frame: Rect, furniture: PageFurniture): void {
  const total = canvas.pageCount;
  if (total < 2) return;
  const right = frame.x + frame.width;
  const bottom = frame.y + frame.height;
  const { footer, header } = nameLines(canvas, furniture, frame.width);
  const footerTop = bottom + (pageHeight - bottom - bandHeight(footer.length)) / 2;
  const headerTop = (frame.y - bandHeight(header.length)) / 2;
  for (let page = 0; page < total; page++) {
    canvas.switchToPage(page);
    const label = furniture.pageLabel(page + 1, total);
    const labelWidth = canvas.measure(label, STYLE);
    // Page furniture is a Pagination artifact (tagging): the document reads without it.
    canvas.tags.artifact('Footer', () => {
      canvas.line(frame.x, footerTop, right, footerTop, COLORS.rule, 0.5);
      canvas.text(label, right - labelWidth, footerTop + RULE_GAP, STYLE, labelWidth, 'right');
      const footerWidth = Math.max(1, frame.width - labelWidth - SPACE.md);
      footer.forEach((line, index) => canvas.text(line, frame.x, footerTop + RULE_GAP + index * LINE, STYLE, footerWidth));
    });
    if (page === 0) continue;
    canvas.tags.artifact('Header', () => {
      header.forEach((line, index) => canvas.text(line, frame.x, headerTop + index * LINE, STYLE, frame.width));
      canvas.line(frame.x, headerTop + bandHeight(header.length), right, headerTop + bandHeight(header.length), COLORS.rule, 0.5);
    });
  }
}
