import { PDFDocument } from './pdfkit';
import { DocumentFonts } from './fonts/document-fonts';
import { FontLibrary } from './fonts/font-library';
import { Canvas, PageSize } from './toolkit/canvas';
import { compactXref } from './compact-xref';
import { deflatePageContents } from './page-content';
import { fitToStandards, metadataTitle, standardOptions } from './pdf-standards';
import { DEFAULT_LANG, PdfOptions, standardList } from './page/pdf-options';
import { encryptionOptions, encryptWithNodeCrypto } from './encryption';
import { AsciiBytes } from './ascii-bytes';

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
    encryptWithNodeCrypto(this.doc);
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
    this.doc.end();
    return this.bytes;
  }
}

/**
 * The document's bytes, written by PDFKit's `_write` straight into one growing buffer: PDFKit
 * pushes every piece (an object's number, its dictionary, "endobj": about 400 for the 20-item
 * invoice) through its Readable stream as a Buffer of its own, and the stream's bookkeeping,
 * those Buffers and the final concat were about 35 us of a render (CPU profile, loaded machine).
 */
function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const pdf = doc as unknown as WritingDoc;
  const out = new AsciiBytes(OUTPUT_START);
  // The header PDFKit wrote as it was made, already counted in its offset.
  const header = doc.read() as Buffer | null;
  if (header) out.append(header);
  pdf._write = (data) => {
    const start = out.length;
    // PDFKit's own text is a line, in its 'binary' (latin1) encoding.
    if (typeof data === 'string') out.text(data).byte(NEWLINE);
    else out.append(data);
    pdf._offset += out.length - start;
  };
  return new Promise((resolve, reject) => {
    doc.on('end', () => {
      const bytes = Buffer.from(out.view());
      out.release();
      resolve(bytes);
    });
    doc.on('error', reject);
    // Flowing, with nothing pushed: 'end' comes when PDFKit pushes its end.
    doc.resume();
  });
}

interface WritingDoc {
  _offset: number;
  _write(data: Buffer | string): void;
}

/** Room for a one-page invoice's bytes before growing. */
const OUTPUT_START = 32 * 1024;
const NEWLINE = 0x0a;
