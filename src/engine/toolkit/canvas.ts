import { DocumentFonts } from '../fonts/document-fonts';
import { openPdfKitImage } from '../header-footer/images/pdfkit-image';
import { FontLibrary } from '../fonts/font-library';
import { FontStack, ShapedGlyph } from '../fonts/font-stack';
import { TextAlign, TextStyle, lineHeight } from './text-style';
import { isBelowU0590, isComplexScript, layoutLine, logicalText, mirroredOriginal, needsBidi } from './bidi';
import { pdfTextString } from '../pdf-text-string';
import { Tagger } from '../tagging/tagger';
import { keepContentAsBytes, pageContentBytes } from '../page-content';
import type { AsciiBytes } from '../ascii-bytes';
import { addLinkAnnotation } from '../link-annotation';

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
 * colour on every fillColor/strokeColor call. Written short: `rg` rather than PDFKit's
 * `/DeviceRGB cs` and `scn` (the same colour space), components to 3 decimals rather than 17
 * digits, which still give back the same 8-bit value (k/255 is within 0.0005 of them). PDFKit's
 * form was 18% of an invoice page's content, all of it deflated on every render.
 */
const colorOperators = new Map<string, string | null>();

function colorOperator(doc: PDFKit.PDFDocument, color: string, stroke: boolean): string | null {
  const key = stroke ? `S${color}` : color;
  let operator = colorOperators.get(key);
  if (operator === undefined) {
    const components = (doc as unknown as PdfKitInternals)._normalizeColor(color);
    const name = components?.length === 4 ? 'k' : 'rg';
    operator = components && `${components.map((value) => Math.round(value * 1000) / 1000).join(' ')} ${stroke ? name.toUpperCase() : name}`;
    // Bounded: a colour cache must not grow with whatever colours requests bring.
    if (colorOperators.size < 1024) colorOperators.set(key, operator);
  }
  return operator;
}

/**
 * The only place that draws. Text goes straight to the content stream with the process-wide
 * font stacks (no per-document font parsing); shapes use PDFKit's vector API.
 */
export class Canvas {
  readonly textBoxes: TextBox[] = [];
  /** The structure tree and marked content (tagging/tagger.ts); blocks open elements through it. */
  readonly tags: Tagger;
  /** The current page, counted from the section's first. */
  private pageIndex = 0;
  /** Sections started (startSection), the first page of the current one, and the page addPage makes in it (none: the document's). */
  private sections = 0;
  private firstPage = 0;
  private pageOptions?: PDFKit.PDFDocumentOptions;
  private clip?: { top: number; bottom: number };
  /** Fill colour in force, so that runs of same-coloured text do not repeat the operator. */
  private fill?: string;
  /** Font and size in force (text state outlives ET): a run in the same one writes no Tf. */
  private font?: string;
  private fontSize?: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly fonts: FontLibrary,
    private readonly documentFonts: DocumentFonts,
    /** The document's language (BCP 47, options.lang): picks the CJK forms of Han characters, and a custom template's month and day names. */
    private language: string = 'en',
  ) {
    this.tags = new Tagger(doc);
    keepContentAsBytes(doc);
  }

  /** The language of the section being drawn (the document's, or a merged item's). */
  get lang(): string {
    return this.language;
  }

  /**
   * Starts a section: one document of a merged file, drawn from a new page of its own size and
   * language. pageCount, switchToPage and addPage then count from its first page, so that page
   * furniture, header and footer and watermark number and cover the section's pages alone.
   * The first section takes the document's first page, which PDFKit made at the document's size.
   */
  startSection(size: PageSize, lang: string): void {
    this.pageOptions = { size: [size.width, size.height], margin: 0 };
    if (this.sections++ > 0) {
      this.tags.close();
      this.doc.addPage(this.pageOptions);
      this.firstPage = this.doc.bufferedPageRange().count - 1;
      this.pageIndex = 0;
      this.forgetGraphicsState();
    }
    if (lang !== this.language) {
      this.language = lang;
      // The font stacks are the language's (CJK forms).
      this.stacks.length = 0;
    }
    this.tags.language(lang);
  }

  stack(style: TextStyle): FontStack {
    // Called for every measure and line: the 12 styles of the document's language are kept here.
    const index = (style.bold ? 1 : 0) + (style.italic ? 2 : 0) + (style.family === 'serif' ? 4 : style.family === 'mono' ? 8 : 0);
    return (this.stacks[index] ??= this.fonts.stack({ bold: style.bold, italic: style.italic, family: style.family, lang: this.lang }));
  }

  private readonly stacks: FontStack[] = [];

  measure(text: string, style: TextStyle): number {
    return this.stack(style).measure(text, style.size);
  }

  /** Pages of the section (of the document when there are no sections). */
  get pageCount(): number {
    return this.doc.bufferedPageRange().count - this.firstPage;
  }

  addPage(): void {
    this.tags.close();
    this.doc.addPage(this.pageOptions);
    this.pageIndex++;
    this.forgetGraphicsState();
  }

  /** Makes an earlier page of the section current (header/footer pass; pages are buffered). */
  switchToPage(index: number): void {
    this.tags.close();
    this.doc.switchToPage(this.firstPage + index);
    this.pageIndex = index;
    this.forgetGraphicsState();
  }

  /**
   * Draws `draw` clipped to the band [top, bottom]: lines of text that would cross it are left
   * out, shapes are cut. Used only for content taller than a whole page.
   */
  clipped(top: number, bottom: number, draw: () => void): void {
    this.tags.close();
    this.doc.save();
    this.doc.rect(0, top, 1e5, bottom - top).clip();
    this.clip = { top, bottom };
    try {
      draw();
    } finally {
      this.clip = undefined;
      this.tags.close();
      this.doc.restore();
      this.forgetGraphicsState();
    }
  }

  /**
   * Draws one line whose box starts at (x, top); `width` is the box width for alignment.
   * Returns the drawn width.
   * Bidirectional text: the line is laid out in visual runs (toolkit/bidi.ts), each run shaped in its
   * direction; `align` left out means the line's start: right for a right-to-left line.
   */
  text(text: string, x: number, top: number, style: TextStyle, width?: number, align?: TextAlign): number {
    if (this.clip && (top < this.clip.top - 0.5 || top + lineHeight(style) > this.clip.bottom + 0.5)) return 0;
    const stack = this.stack(style);
    // Most lines need no bidi: they are shaped as they are, with no line layout made for them
    // (nor a look for a direction mark, which is above U+0590).
    const plain = isBelowU0590(text);
    const logical = plain ? text : logicalText(text);
    const line = !plain && needsBidi(text) ? layoutLine(text) : undefined;
    let glyphs: readonly ShapedGlyph[];
    if (!line) glyphs = stack.shape(logical);
    else if (line.runs.length === 1 && !line.runs[0].rtl) glyphs = stack.shape(line.runs[0].text);
    else {
      // Each run in its own direction: a right-to-left run comes back from shaping in visual order.
      const visual: ShapedGlyph[] = [];
      for (const run of line.runs) {
        const from = visual.length;
        visual.push(...stack.shape(run.text, run.rtl ? 'rtl' : 'ltr'));
        // A mirrored bracket's glyph names the character sent ('(' drawn for ')'): the subset gives it a code of its own.
        for (let i = from; run.mirrored && i < visual.length; i++) {
          const original = mirroredOriginal(visual[i].codePoints);
          if (original) visual[i] = { ...visual[i], codePoints: [original.codePointAt(0)!] };
        }
      }
      glyphs = visual;
    }
    const direction = line?.direction ?? 'ltr';
    const needsActualText = line ? line.needsActualText : !plain && isComplexScript(text);
    if (glyphs.length === 0) return 0;
    let advance = 0;
    for (const glyph of glyphs) advance += glyph.advance;
    const scale = style.size / 1000;
    const naturalWidth = advance * scale;
    // Text never leaves its box and is never cut: where a caller measured too wide it is compressed horizontally.
    const squeeze = width !== undefined && naturalWidth > width + 0.01 ? Math.max(0.01, width / naturalWidth) : 1;
    const textWidth = naturalWidth * squeeze;
    const side = align ?? (direction === 'rtl' ? 'right' : 'left');
    const left = width === undefined || side === 'left' ? x : side === 'right' ? x + width - textWidth : x + (width - textWidth) / 2;
    const primary = stack.primary;
    const box = lineHeight(style);
    const baseline = top + (box - (primary.ascender - primary.descender) * scale) / 2 + primary.ascender * scale;
    this.tags.mark('text');
    this.tags.text(logical);
    this.setFill(style.color);
    // The text layer: a complex-script LTR line carries its text (bidi.ts BidiLine.needsActualText);
    // other glyphs read back through ToUnicode.
    if (needsActualText) this.doc.addContent(`/Span <</ActualText ${pdfTextString(logical)}>> BDC`);
    this.drawGlyphs(glyphs, left, baseline, style.size, squeeze);
    if (needsActualText) this.doc.addContent('EMC');
    this.textBoxes.push({ page: this.pageIndex, x: left, y: top, width: textWidth, height: box, text: logical });
    return textWidth;
  }

  /** Draws `draw` turned by `degrees` about (x, y), at `opacity` (watermarks). */
  turned(degrees: number, x: number, y: number, opacity: number, draw: () => void): void {
    this.tags.close();
    this.doc.save();
    this.doc.fillOpacity(opacity);
    this.doc.rotate(degrees, { origin: [x, y] });
    try {
      draw();
    } finally {
      this.tags.close();
      this.doc.restore();
      this.forgetGraphicsState();
    }
  }

  rect(x: number, y: number, width: number, height: number, fill: string, radius = 0): void {
    if (width <= 0 || height <= 0) return;
    this.tags.mark('shape');
    if (radius > 0) this.doc.roundedRect(x, y, width, height, Math.min(radius, width / 2, height / 2));
    else this.doc.rect(x, y, width, height);
    this.setFill(fill);
    this.doc.fill();
  }

  /** Fills many rectangles as one path (a QR code's modules): one fill operator, not one each. */
  fillRects(rects: ReadonlyArray<readonly [number, number, number, number]>, fill: string): void {
    if (rects.length === 0) return;
    this.tags.mark('shape');
    for (const [x, y, width, height] of rects) this.doc.rect(x, y, width, height);
    this.setFill(fill);
    this.doc.fill();
  }

  strokeRect(x: number, y: number, width: number, height: number, color: string, lineWidth = 0.75, radius = 0): void {
    this.tags.mark('shape');
    if (radius > 0) this.doc.roundedRect(x, y, width, height, radius);
    else this.doc.rect(x, y, width, height);
    this.doc.lineWidth(lineWidth);
    this.setStroke(color);
    this.doc.stroke();
  }

  line(x1: number, y1: number, x2: number, y2: number, color: string, lineWidth = 0.75): void {
    this.tags.mark('shape');
    this.doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(lineWidth);
    this.setStroke(color);
    this.doc.stroke();
  }

  /** An open path through the points, stroked once (a sparkline): not a line operator per segment. */
  polyline(points: ReadonlyArray<readonly [number, number]>, color: string, lineWidth = 0.75): void {
    if (points.length < 2) return;
    this.tags.mark('shape');
    this.doc.moveTo(points[0][0], points[0][1]);
    for (let i = 1; i < points.length; i++) this.doc.lineTo(points[i][0], points[i][1]);
    this.doc.lineWidth(lineWidth).lineJoin('round');
    this.setStroke(color);
    this.doc.stroke();
    // Back to the default join: the state outlives the path, and boxes are drawn with mitred corners.
    this.doc.lineJoin('miter');
  }

  polygon(points: Array<[number, number]>, fill: string): void {
    this.tags.mark('shape');
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
    this.tags.mark('image');
    this.doc.image(openPdfKitImage(this.doc, dataUri) as unknown as PDFKit.Mixins.ImageSrc, x, y, { width, height });
  }

  /** Makes the area a link to `url` (mailto: addresses, the customer's web site). */
  link(x: number, y: number, width: number, height: number, url: string): void {
    const options = this.tags.linkOptions(url);
    this.tags.linked(options, addLinkAnnotation(this.doc, x, y, width, height, url, options));
  }

  /** A new page or a restored state: the colour and font in force are no longer known. */
  private forgetGraphicsState(): void {
    this.fill = undefined;
    this.font = undefined;
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
   * Tf only where the font or size changes: text state is graphics state, kept across BT/ET.
   * `squeeze` < 1 compresses the run horizontally (Tz), restored after it: Tz outlives ET.
   * Shaped positions (kerning, mark offsets) go into TJ adjustments against the widths the font
   * dictionary declares; vertical offsets (marks above or below) into the text rise (Ts).
   * Written as bytes into the page's content (the run's glyph codes were strings added up per
   * glyph: 128 KB of the 20-item invoice's 681 KB of allocation, V8's sampling heap profiler).
   */
  private drawGlyphs(glyphs: readonly ShapedGlyph[], x: number, baseline: number, size: number, squeeze: number): void {
    const scale = (size / 1000) * squeeze;
    const out = pageContentBytes(this.doc);
    let start = 0;
    while (start < glyphs.length) {
      const face = glyphs[start].face;
      const font = this.documentFonts.for(face);
      this.doc.page.fonts[font.resourceName] = font.reference();
      out.text('BT');
      if (font.resourceName !== this.font || size !== this.fontSize) {
        out.text(' /').text(font.resourceName).byte(SPACE).points(size).text(' Tf');
        this.font = font.resourceName;
        this.fontSize = size;
      }
      if (squeeze !== 1) out.byte(SPACE).points(squeeze * 100).text(' Tz');
      out.text(' 1 0 0 -1 ').points(x).byte(SPACE).points(baseline).text(' Tm ');
      // Pens in 1/1000 em from the run's start: where the shaping puts the next glyph, and where the viewer's is.
      let target = 0;
      let viewer = 0;
      let rise = 0;
      // One show operator: `<codes> Tj`, or `[<codes>adjust <codes>] TJ` once it needs an adjustment.
      let show = out.length;
      let array = false;
      let codes = false;
      let end = start;
      for (; end < glyphs.length && glyphs[end].face === face; end++) {
        const glyph = glyphs[end];
        if (glyph.yOffset !== rise) {
          endShow(out, array, codes);
          array = codes = false;
          rise = glyph.yOffset;
          out.points((rise * size) / 1000).text(' Ts ');
          show = out.length;
        }
        const shift = viewer - (target + glyph.xOffset);
        if (shift >= 1 || shift <= -1) {
          const adjust = Math.round(shift);
          if (!array) out.insert(show, BRACKET);
          if (codes) out.byte(GREATER);
          out.int(adjust).byte(SPACE);
          array = true;
          codes = false;
          viewer -= adjust;
        }
        if (!codes) out.byte(LESS);
        codes = true;
        out.hex4(font.code(glyph.glyphId, glyph.codePoints));
        viewer += face.pdfWidth(glyph.glyphId);
        target += glyph.advance;
      }
      endShow(out, array, codes);
      if (rise !== 0) out.text('0 Ts ');
      out.text(squeeze !== 1 ? '100 Tz ET\n' : 'ET\n');
      x += target * scale;
      start = end;
    }
  }
}

/** Ends a show operator: `<codes> Tj`, or the array's `] TJ` (a function, not a closure made for every run drawn). */
function endShow(out: AsciiBytes, array: boolean, codes: boolean): void {
  if (codes) out.byte(GREATER);
  if (array) out.text('] TJ ');
  else if (codes) out.text(' Tj ');
}

const SPACE = 0x20;
const LESS = 0x3c;
const GREATER = 0x3e;
const BRACKET = 0x5b;
