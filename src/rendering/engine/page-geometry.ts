import { cssLengthToPoints } from '../options/css-length';
import { MARGIN_SIDES, MarginSide, PageFormat, PdfOptions } from '../options/pdf-options';
import { Frame } from '../layout/page-flow';
import { PageSize } from '../layout/canvas';

/** Portrait sizes in points: Letter 8.5x11 in, A4 210x297 mm, Legal 8.5x14 in. */
const FORMAT_SIZES: Record<PageFormat, PageSize> = {
  Letter: { width: 612, height: 792 },
  A4: { width: 595.28, height: 841.89 },
  Legal: { width: 612, height: 1008 },
};

/** Content never gets narrower or shorter than this, whatever the margins say. */
const MIN_CONTENT = 144;

export interface PageGeometry {
  size: PageSize;
  margins: Record<MarginSide, number>;
  content: Frame;
}

export function pageGeometry(options: PdfOptions): PageGeometry {
  const portrait = FORMAT_SIZES[options.format] ?? FORMAT_SIZES.Letter;
  const size = options.orientation === 'landscape' ? { width: portrait.height, height: portrait.width } : portrait;
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
