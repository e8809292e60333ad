import { PDFDocument } from './pdfkit';
import { DocumentFonts } from './fonts/document-fonts';
import { FontLibrary } from './fonts/font-library';
import { Canvas, PageSize } from './toolkit/canvas';
import { compactXref } from './compact-xref';
import { deflatePageContents } from './page-content';
import { packDictionaries } from './object-stream';
import { fitToStandards, metadataTitle, standardOptions } from './pdf-standards';
import { DEFAULT_LANG, PdfOptions, standardList } from './page/pdf-options';
import { encryptionOptions } from './encryption';

const PRODUCER = 'pdfgen';

/** A PDF document being drawn; a pass that is laid out again (or only counted) is dropped unfinished. */
export class DrawingPass {
  readonly doc: PDFKit.PDFDocument;
  readonly documentFonts: DocumentFonts;
  readonly canvas: Canvas;
  private readonly bytes: Promise<Buffer>;
  /** Info's CreationDate, also the date of the associated files. */
  readonly created = new Date();

  constructor(fonts: FontLibrary, size: PageSize, title: string, options: PdfOptions) {
    const standards = standardList(options.pdfStandard);
    this.doc = new PDFDocument({
      size: [size.width, size.height],
      margin: 0,
      bufferPages: true,
      // No default font: user text only ever uses the embedded fonts.
      font: null as unknown as string,
      info: { Title: metadataTitle(title), Creator: PRODUCER, Producer: PRODUCER, CreationDate: this.created },
      // Tagged, /Lang, the Title displayed, PDF 1.7, XMP; and the standard's claim when one is asked for.
      // Jobs stored before options.lang existed have none.
      ...standardOptions(options.lang ?? DEFAULT_LANG, standards),
      // After the standard's options: AES-256 needs PDFKit's "1.7ext3" (the parser refuses encryption with PDF/A).
      ...(options.encryption ? encryptionOptions(options.encryption) : {}),
    });
    fitToStandards(this.doc, standards);
    compactXref(this.doc);
    this.bytes = collect(this.doc);
    this.documentFonts = new DocumentFonts(this.doc);
    this.canvas = new Canvas(this.doc, fonts, this.documentFonts, options.lang ?? DEFAULT_LANG);
  }

  /**
   * Writes the document: the structure tree, the fonts (each once, with every glyph drawn), what
   * `extras` adds (associated files, XMP), the deflated pages. Resolves with the bytes.
   */
  finish(extras?: (doc: PDFKit.PDFDocument, created: Date) => void): Promise<Buffer> {
    this.canvas.tags.finish();
    this.documentFonts.embedAll();
    extras?.(this.doc, this.created);
    deflatePageContents(this.doc);
    packDictionaries(this.doc);
    this.doc.end();
    return this.bytes;
  }
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
