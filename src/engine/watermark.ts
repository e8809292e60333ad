import { PageSize, Canvas } from './toolkit/canvas';
import { lineHeight, restyle, TextStyle, textStyle } from './toolkit/text-style';

const COLOR = '#dc2626';
const OPACITY = 0.14;

/**
 * A word across every page, corner to corner, light enough to read the document through and
 * impossible to miss (test keys' documents). Drawn after the content, before header and footer.
 */
export function drawWatermark(canvas: Canvas, size: PageSize, text: string): void {
  const diagonal = Math.hypot(size.width, size.height);
  const probe: TextStyle = textStyle(100, COLOR, { bold: true });
  // As large as half the diagonal allows.
  const style = restyle(probe, { size: Math.max(24, Math.min(200, (100 * diagonal * 0.5) / Math.max(1, canvas.measure(text, probe)))) });
  const width = canvas.measure(text, style);
  const degrees = -(Math.atan2(size.height, size.width) * 180) / Math.PI;
  const [cx, cy] = [size.width / 2, size.height / 2];
  for (let page = 0; page < canvas.pageCount; page++) {
    canvas.switchToPage(page);
    // A Pagination artifact of subtype Watermark (tagging): seen, not read.
    canvas.tags.artifact('Watermark', () => canvas.turned(degrees, cx, cy, OPACITY, () => canvas.text(text, cx - width / 2, cy - lineHeight(style) / 2, style)));
  }
}
