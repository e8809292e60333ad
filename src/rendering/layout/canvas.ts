import { DocumentFonts } from '../fonts/document-fonts';
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
interface ImageOpener {
  openImage(src: string): { width: number; height: number };
}

const pt = (value: number): string => (Math.round(value * 100) / 100).toString();

/**
 * The only place that draws. Text goes straight to the content stream with the process-wide
 * font stacks (no per-document font parsing); shapes use PDFKit's vector API.
 */
export class Canvas {
  readonly textBoxes: TextBox[] = [];
  private pageIndex = 0;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly fonts: FontLibrary,
    private readonly documentFonts: DocumentFonts,
    readonly page: PageSize,
  ) {}

  get currentPage(): number {
    return this.pageIndex;
  }

  stack(style: TextStyle): FontStack {
    return this.fonts.stack({ bold: Boolean(style.bold), italic: Boolean(style.italic) });
  }

  measure(text: string, style: TextStyle): number {
    return this.stack(style).measure(text, style.size);
  }

  addPage(): void {
    this.doc.addPage();
    this.pageIndex++;
  }

  /** Makes an earlier page current (header/footer pass; pages are buffered). */
  switchToPage(index: number): void {
    this.doc.switchToPage(index);
    this.pageIndex = index;
  }

  /**
   * Draws one line whose box starts at (x, top); `width` is the box width for alignment.
   * Returns the drawn width.
   */
  text(text: string, x: number, top: number, style: TextStyle, width?: number, align: TextAlign = 'left'): number {
    const stack = this.stack(style);
    const glyphs = stack.shape(text);
    if (glyphs.length === 0) return 0;
    const scale = style.size / 1000;
    let textWidth = 0;
    for (const glyph of glyphs) textWidth += glyph.advance * scale;
    const left = width === undefined || align === 'left' ? x : align === 'right' ? x + width - textWidth : x + (width - textWidth) / 2;
    const primary = stack.primary;
    const box = lineHeight(style);
    const baseline = top + (box - (primary.ascender - primary.descender) * scale) / 2 + primary.ascender * scale;
    this.doc.fillColor(style.color);
    this.drawGlyphs(glyphs, left, baseline, style.size);
    this.textBoxes.push({ page: this.pageIndex, x: left, y: top, width: textWidth, height: box, text });
    return textWidth;
  }

  rect(x: number, y: number, width: number, height: number, fill: string, radius = 0): void {
    if (width <= 0 || height <= 0) return;
    if (radius > 0) this.doc.roundedRect(x, y, width, height, Math.min(radius, width / 2, height / 2));
    else this.doc.rect(x, y, width, height);
    this.doc.fillColor(fill).fill();
  }

  strokeRect(x: number, y: number, width: number, height: number, color: string, lineWidth = 0.75, radius = 0): void {
    if (radius > 0) this.doc.roundedRect(x, y, width, height, radius);
    else this.doc.rect(x, y, width, height);
    this.doc.lineWidth(lineWidth).strokeColor(color).stroke();
  }

  line(x1: number, y1: number, x2: number, y2: number, color: string, lineWidth = 0.75): void {
    this.doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(lineWidth).strokeColor(color).stroke();
  }

  polygon(points: Array<[number, number]>, fill: string): void {
    this.doc.polygon(...points).fillColor(fill).fill();
  }

  /** Natural size of a `data:image/png|jpeg;base64` image, or null when it cannot be decoded. */
  imageSize(dataUri: string): { width: number; height: number } | null {
    if (!/^data:image\/(png|jpeg);base64,/i.test(dataUri)) return null;
    try {
      const image = (this.doc as unknown as ImageOpener).openImage(dataUri);
      return { width: image.width, height: image.height };
    } catch {
      return null;
    }
  }

  /** Draws a data-URI image; PDFKit embeds each distinct URI once per document. */
  image(dataUri: string, x: number, y: number, width: number, height: number): void {
    this.doc.image(dataUri, x, y, { width, height });
  }

  /** One BT/ET per font run; the text matrix flips PDFKit's top-down page space back upright. */
  private drawGlyphs(glyphs: ShapedGlyph[], x: number, baseline: number, size: number): void {
    const scale = size / 1000;
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
      this.doc.addContent(`BT /${font.resourceName} ${pt(size)} Tf 1 0 0 -1 ${pt(x)} ${pt(baseline)} Tm <${hex}> Tj ET`);
      x += runWidth;
      start = end;
    }
  }
}
