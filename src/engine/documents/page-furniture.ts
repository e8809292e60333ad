import { Canvas } from '../toolkit/canvas';
import { Rect } from '../toolkit/rect';
import { lineHeight, textStyle, TextStyle } from '../toolkit/text-style';
import { ellipsize } from '../toolkit/text-wrap';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { PageFurniture } from './document-layout';

/**
 * A built-in document's own page furniture (DECISIONS section 12): on every page of a document of
 * more than one page a footer line (name left, page label right, hairline above), and on pages 2+
 * a header line ("<name> · continued", hairline below). Drawn in the margins, after the content,
 * when the page count is known.
 */

const STYLE: TextStyle = textStyle(TYPE.small, COLORS.muted);
const RULE_GAP = 4;
/** A band: one line of small type and its hairline. */
const BAND = lineHeight(STYLE) + RULE_GAP;
/** Least room between a band and the content, and between a band and the page edge. */
const PAD = 9;
/** The margin a band needs; a smaller margin is widened by insetting the content frame. */
export const FURNITURE_MARGIN = BAND + 2 * PAD;

export function defaultFurniture(title: string): PageFurniture {
  return { name: title, pageLabel: (page, total) => `Page ${page} of ${total}`, continued: 'continued' };
}

/** Draws the bands on every page around `frame` (the frame the content was laid out in). No-op for one page. */
export function drawFurniture(canvas: Canvas, pageHeight: number, frame: Rect, furniture: PageFurniture): void {
  const total = canvas.pageCount;
  if (total < 2) return;
  const right = frame.x + frame.width;
  const bottom = frame.y + frame.height;
  const footerTop = bottom + (pageHeight - bottom - BAND) / 2;
  const headerTop = (frame.y - BAND) / 2;
  const continued = ` · ${furniture.continued}`;
  for (let page = 0; page < total; page++) {
    canvas.switchToPage(page);
    const label = furniture.pageLabel(page + 1, total);
    const labelWidth = canvas.measure(label, STYLE);
    // Page furniture is a Pagination artifact (tagging): the document reads without it.
    canvas.tags.artifact('Footer', () => {
      canvas.line(frame.x, footerTop, right, footerTop, COLORS.rule, 0.5);
      canvas.text(label, right - labelWidth, footerTop + RULE_GAP, STYLE, labelWidth, 'right');
      canvas.text(runningName(canvas, furniture.name, '', frame.width - labelWidth - SPACE.md), frame.x, footerTop + RULE_GAP, STYLE);
    });
    if (page === 0) continue;
    canvas.tags.artifact('Header', () => {
      canvas.text(runningName(canvas, furniture.name, continued, frame.width), frame.x, headerTop, STYLE);
      canvas.line(frame.x, headerTop + BAND, right, headerTop + BAND, COLORS.rule, 0.5);
    });
  }
}

/**
 * The name as a running title in `width`: a long name is shortened here, and only here, because
 * the document prints it whole where it belongs (its title, masthead or heading).
 */
function runningName(canvas: Canvas, name: string, suffix: string, width: number): string {
  const stack = canvas.stack(STYLE);
  return `${ellipsize(name, stack, STYLE.size, Math.max(0, width - stack.measure(suffix, STYLE.size)))}${suffix}`;
}
