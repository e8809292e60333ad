import { DocumentFonts } from '../fonts/document-fonts';
import { openPdfKitImage } from '../header-footer/images/pdfkit-image';
import { FontLibrary } from '../fonts/font-library';
import { FontStack, ShapedGlyph } from '../fonts/font-stack';
import { TextAlign, TextStyle, lineHeight } from './text-style';

/** Where a line of text was drawn, in the layout's own measurements (points, top-left origin). */
export interface TextBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

export interface PageSize {
  width: number;
  height: number;
}

/** PDFKit API that @types/pdfkit does not declare. */
interface PdfKitInternals {
  _normalizeColor(color: string): number[] | null;
}

/**
 * Colour operators by CSS colour and operator, shared by all documents: PDFKit parses the
 * colour on every fillColor/strokeColor call. The text is exactly what PDFKit would write.
 */
const colorOperators = new Map<string, string | null>();

function colorOperator(doc: PDFKit.PDFDocument, color: string, stroke: boolean): string | null {
  const key = stroke ? `S${color}` : color;
  let operator = colorOperators.get(key);
  if (operator === undefined) {
    const components = (doc as unknown as PdfKitInternals)._normalizeColor(color);
    const space = components?.length === 4 ? 'DeviceCMYK' : 'DeviceRGB';
    operator = components && (stroke ? `/${space} CS\n${components.join(' ')} SCN` : `/${space} cs\n${components.join(' ')} scn`);
    // Bounded: a colour cache must not grow with whatever colours requests bring.
    if (colorOperators.size < 1024) colorOperators.set(key, operator);
  }
  return operator;
}

const pt = (value: number): string => (Math.round(value * 100) / 100).toString();

/**
 * The only place that draws. Text goes straight to the content stream with the process-wide
 * font stacks (no per-document font parsing); shapes use PDFKit's vector API.
 */
export class Canvas {
  readonly textBoxes: TextBox[] = [];
  private pageIndex = 0;
  private clip?: { top: number; bottom: number };
  /** Fill colour in force, so that runs of same-coloured text do not repeat the operator. */
  private fill?: string;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fonts: FontLibrary,
    private readonly documentFonts: DocumentFonts,
  ) {}

  stack(style: TextStyle): FontStack {
    return this.fonts.stack({ bold: Boolean(style.bold), italic: Boolean(style.italic), family: style.family });
  }

  measure(text: string, style: TextStyle): number {
    return this.stack(style).measure(text, style.size);
  }

  get pageCount(): number {
    return this.doc.bufferedPageRange().count;
  }

  addPage(): void {
    this.doc.addPage();
    this.pageIndex++;
    this.fill = undefined;
  }

  /** Makes an earlier page current (header/footer pass; pages are buffered). */
  switchToPage(index: number): void {
    this.doc.switchToPage(index);
    this.pageIndex = index;
    this.fill = undefined;
  }

  /**
   * Draws `draw` clipped to the band [top, bottom]: lines of text that would cross it are left
   * out, shapes are cut. Used only for content taller than a whole page.
   */
  clipped(top: number, bottom: number, draw: () => void): void {
    this.doc.save();
    this.doc.rect(0, top, 1e5, bottom - top).clip();
    this.clip = { top, bottom };
    try {
      draw();
    } finally {
      this.clip = undefined;
      this.doc.restore();
      this.fill = undefined;
    }
  }

  /**
   * Draws one line whose box starts at (x, top); `width` is the box width for alignment.
   * Returns the drawn width.
   */
  text(text: string, x: number, top: number, style: TextStyle, width?: number, align: TextAlign = 'left'): number {
    if (this.clip && (top < this.clip.top - 0.5 || top + lineHeight(style) > this.clip.bottom + 0.5)) return 0;
    const stack = this.stack(style);
    const glyphs = stack.shape(text);
    if (glyphs.length === 0) return 0;
    const scale = style.size / 1000;
    const naturalWidth = stack.measure(text, style.size);
    // Text never leaves its box and is never cut: where a caller measured too wide it is compressed horizontally.
    const squeeze = width !== undefined && naturalWidth > width + 0.01 ? Math.max(0.01, width / naturalWidth) : 1;
    const textWidth = naturalWidth * squeeze;
    const left = width === undefined || align === 'left' ? x : align === 'right' ? x + width - textWidth : x + (width - textWidth) / 2;
    const primary = stack.primary;
    const box = lineHeight(style);
    const baseline = top + (box - (primary.ascender - primary.descender) * scale) / 2 + primary.ascender * scale;
    this.setFill(style.color);
    this.drawGlyphs(glyphs, left, baseline, style.size, squeeze);
    this.textBoxes.push({ page: this.pageIndex, x: left, y: top, width: textWidth, height: box, text });
    return textWidth;
  }

  /** Draws `draw` turned by `degrees` about (x, y), at `opacity` (watermarks). */
  turned(degrees: number, x: number, y: number, opacity: number, draw: () => void): void {
    this.doc.save();
    this.doc.fillOpacity(opacity);
    this.doc.rotate(degrees, { origin: [x, y] });
    try {
      draw();
    } finally {
      this.doc.restore();
      this.fill = undefined;
    }
  }

  rect(x: number, y: number, width: number, height: number, fill: string, radius = 0): void {
    if (width <= 0 || height <= 0) return;
    if (radius > 0) this.doc.roundedRect(x, y, width, height, Math.min(radius, width / 2, height / 2));
    else this.doc.rect(x, y, width, height);
    this.setFill(fill);
    this.doc.fill();
  }

  /** Fills many rectangles as one path (a QR code's modules): one fill operator, not one each. */
  fillRects(rects: ReadonlyArray<readonly [number, number, number, number]>, fill: string): void {
    if (rects.length === 0) return;
    for (const [x, y, width, height] of rects) this.doc.rect(x, y, width, height);
    this.setFill(fill);
    this.doc.fill();
  }

  strokeRect(x: number, y: number, width: number, height: number, color: string, lineWidth = 0.75, radius = 0): void {
    if (radius > 0) this.doc.roundedRect(x, y, width, height, radius);
    else this.doc.rect(x, y, width, height);
    this.doc.lineWidth(lineWidth);
    this.setStroke(color);
    this.doc.stroke();
  }

  line(x1: number, y1: number, x2: number, y2: number, color: string, lineWidth = 0.75): void {
    this.doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(lineWidth);
    this.setStroke(color);
    this.doc.stroke();
  }

  /** An open path through the points, stroked once (a sparkline): not a line operator per segment. */
  polyline(points: ReadonlyArray<readonly [number, number]>, color: string, lineWidth = 0.75): void {
    if (points.length < 2) return;
    this.doc.moveTo(points[0][0], points[0][1]);
    for (let i = 1; i < points.length; i++) this.doc.lineTo(points[i][0], points[i][1]);
    this.doc.lineWidth(lineWidth).lineJoin('round');
    this.setStroke(color);
    this.doc.stroke();
    // Back to the default join: the state outlives the path, and boxes are drawn with mitred corners.
    this.doc.lineJoin('miter');
  }

  polygon(points: Array<[number, number]>, fill: string): void {
    this.doc.polygon(...points);
    this.setFill(fill);
    this.doc.fill();
  }

  /**
   * Size of a `data:image/png|jpeg;base64` image as displayed (a JPEG's Exif orientation applied,
   * as PDFKit draws it), or null when it cannot be decoded.
   */
  imageSize(dataUri: string): { width: number; height: number } | null {
    if (!/^data:image\/(png|jpeg);base64,/i.test(dataUri)) return null;
    try {
      const image = openPdfKitImage(this.doc, dataUri);
      // Orientations 5 to 8 turn the image a quarter: PDFKit swaps its sides when drawing it.
      const turned = (image.orientation ?? 1) > 4;
      return turned ? { width: image.height, height: image.width } : { width: image.width, height: image.height };
    } catch {
      return null;
    }
  }

  /** Draws a data-URI image; PDFKit embeds each distinct URI once per document. */
  image(dataUri: string, x: number, y: number, width: number, height: number): void {
    this.doc.image(openPdfKitImage(this.doc, dataUri) as unknown as PDFKit.Mixins.ImageSrc, x, y, { width, height });
  }

  /** Makes the area a link to `url` (mailto: addresses, the customer's web site). */
  link(x: number, y: number, width: number, height: number, url: string): void {
    this.doc.link(x, y, width, height, url);
  }

  private setFill(color: string): void {
    if (color === this.fill) return;
    const operator = colorOperator(this.doc, color, false);
    if (operator) this.doc.addContent(operator);
    else this.doc.fillColor(color);
    this.fill = color;
  }

  private setStroke(color: string): void {
    const operator = colorOperator(this.doc, color, true);
    if (operator) this.doc.addContent(operator);
    else this.doc.strokeColor(color);
  }

  /**
   * One BT/ET per font run; the text matrix flips PDFKit's top-down page space back upright.
   * `squeeze` < 1 compresses the run horizontally (Tz), restored after it: Tz outlives ET.
   */
  private drawGlyphs(glyphs: readonly ShapedGlyph[], x: number, baseline: number, size: number, squeeze: number): void {
    const scale = (size / 1000) * squeeze;
    const [tzOn, tzOff] = squeeze === 1 ? ['', ''] : [` ${pt(squeeze * 100)} Tz`, ' 100 Tz'];
    let start = 0;
    while (start < glyphs.length) {
      const face = glyphs[start].face;
      const font = this.documentFonts.for(face);
      this.doc.page.fonts[font.resourceName] = font.reference();
      let hex = '';
      let runWidth = 0;
      let end = start;
      for (; end < glyphs.length && glyphs[end].face === face; end++) {
        hex += font.encode(glyphs[end].glyphId, glyphs[end].codePoint);
        runWidth += glyphs[end].advance * scale;
      }
      this.doc.addContent(`BT /${font.resourceName} ${pt(size)} Tf${tzOn} 1 0 0 -1 ${pt(x)} ${pt(baseline)} Tm <${hex}> Tj${tzOff} ET`);
      x += runWidth;
      start = end;
    }
  }
}
