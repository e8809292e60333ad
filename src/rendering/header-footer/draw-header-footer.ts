import { PdfOptions } from '../options/pdf-options';
import { Canvas } from '../layout/canvas';
import { PageGeometry } from '../engine/page-geometry';
import { COLORS, TYPE } from '../layout/theme';

/** Draws header and footer on every page once all pages exist (so total pages is known). */
export function drawHeaderFooter(canvas: Canvas, geometry: PageGeometry, options: PdfOptions, _title: string): void {
  if (!options.displayHeaderFooter) return;
  const { start, count } = canvas.doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    canvas.switchToPage(page);
    const y = geometry.size.height - geometry.margins.bottom / 2 - TYPE.small;
    canvas.text(`Page ${page + 1} of ${count}`, 0, y, { size: TYPE.small, color: COLORS.muted }, geometry.size.width, 'center');
  }
}
