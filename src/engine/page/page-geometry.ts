import { cssLengthToPoints } from './css-length';
import { MARGIN_SIDES, MarginSide, PdfOptions } from './pdf-options';
import { pageSize } from './page-size';
import { Rect } from '../toolkit/rect';
import { PageSize } from '../toolkit/canvas';

/** Content never gets narrower or shorter than 1in, the least that request validation allows. */
const MIN_CONTENT = 72;

export interface PageGeometry {
  size: PageSize;
  margins: Record<MarginSide, number>;
  content: Rect;
}

export function pageGeometry(options: PdfOptions): PageGeometry {
  const size = pageSize(options.format, options.orientation);
  const margins = {} as Record<MarginSide, number>;
  for (const side of MARGIN_SIDES) margins[side] = cssLengthToPoints(options.margin?.[side] ?? '0') ?? 0;
  shrinkToFit(margins, 'left', 'right', size.width);
  shrinkToFit(margins, 'top', 'bottom', size.height);
  return {
    size,
    margins,
    content: {
      x: margins.left,
      y: margins.top,
      width: size.width - margins.left - margins.right,
      height: size.height - margins.top - margins.bottom,
    },
  };
}

/** Scales two opposite margins down so that the content keeps MIN_CONTENT points. */
function shrinkToFit(margins: Record<MarginSide, number>, a: MarginSide, b: MarginSide, extent: number): void {
  const allowed = extent - MIN_CONTENT;
  const total = margins[a] + margins[b];
  if (total <= allowed) return;
  margins[a] = (margins[a] * allowed) / total;
  margins[b] = (margins[b] * allowed) / total;
}

/**
 * The geometry with top and bottom margins of at least `top` and `bottom` (a header or footer
 * that needs room the margins do not give): the content frame is inset, never below 1pt.
 */
export function withBandRoom(geometry: PageGeometry, top: number, bottom: number): PageGeometry {
  const { margins, content, size } = geometry;
  if (margins.top >= top && margins.bottom >= bottom) return geometry;
  const widened = { ...margins, top: Math.max(margins.top, top), bottom: Math.max(margins.bottom, bottom) };
  const height = Math.max(1, size.height - widened.top - widened.bottom);
  return { size, margins: widened, content: { ...content, y: widened.top, height } };
}
