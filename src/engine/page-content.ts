import { AsciiBytes } from './ascii-bytes';
import { deflate } from './deflate';

/** The PDFKit internals this module works on. */
interface ContentStream {
  buffer: Buffer[];
  compress: boolean;
  data: { Filter?: string };
  /** Operators written since keepContentAsBytes, in order, after whatever `buffer` held. */
  operators?: PageOperators;
}
interface PdfKitPages {
  page: { content: ContentStream };
  addContent(data: string): unknown;
  /** Ends the pages written so far (all of them at the end, with bufferPages). */
  flushPages(): void;
  /** PDFKit's own flushPages, once keepContentAsBytes has put its own in its place. */
  pdfKitFlushPages(): void;
  _pageBuffer: Array<{ content: ContentStream }>;
}

/**
 * A page's operators as bytes, written as they come in batches: PDFKit makes a Buffer (with a
 * copy of the text and a newline) for every operator, hundreds a page, and tagging adds a
 * marked-content operator around each cell. Kept as strings until the document ended, they (and
 * the concatenations that built them) were copied by every scavenge of a render: 558 KB of the
 * 20-item invoice lived to its end, 3,363 of it concatenated strings (heap snapshots before and
 * after the last deflate); as bytes, nothing of it is on the JavaScript heap.
 */
class PageOperators {
  /** Operators not yet written: one join and one write per batch, not a native call each. */
  private readonly pending: string[] = [];
  private readonly bytes = new AsciiBytes();

  add(operator: string): void {
    if (this.pending.push(operator) === BATCH) this.flush();
  }

  /** Every operator written, each followed by a newline. */
  view(): Buffer {
    this.flush();
    return this.bytes.view();
  }

  /** Once the operators have been copied out (deflated, concatenated): see AsciiBytes.release. */
  release(): void {
    this.bytes.release();
  }

  /** Where the next operators go when the caller writes them as bytes (after those added before). */
  writer(): AsciiBytes {
    this.flush();
    return this.bytes;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.pending.push('');
    this.bytes.text(this.pending.join('\n'));
    this.pending.length = 0;
  }
}

/** Operators per batch: few enough that a batch rarely lives through a scavenge. */
const BATCH = 128;

/**
 * Page content goes to PageOperators instead of a Buffer per operator, and to PDFKit's buffers
 * when PDFKit ends the pages (where deflatePageContents has not taken it first). Canvas sets
 * this up for its document; a second call changes nothing.
 */
export function keepContentAsBytes(doc: PDFKit.PDFDocument): void {
  const pages = doc as unknown as PdfKitPages;
  if (pages.flushPages === handOverThenFlush) return;
  pages.addContent = function (this: PdfKitPages, data: string) {
    operatorsOf(this).add(data);
    return this;
  };
  pages.pdfKitFlushPages = pages.flushPages;
  pages.flushPages = handOverThenFlush;
}

function handOverThenFlush(this: PdfKitPages): void {
  for (const { content } of this._pageBuffer) handOver(content);
  this.pdfKitFlushPages();
}

/** Moves the operators written as bytes to the end of the stream's buffers, where PDFKit writes them. */
function handOver(content: ContentStream): void {
  if (content.operators) content.buffer.push(content.operators.view());
  content.operators = undefined;
}

/**
 * The current page's content, for operators written as bytes (canvas.ts's text): each must end
 * with a newline. Only for a document set up by keepContentAsBytes.
 */
export function pageContentBytes(doc: PDFKit.PDFDocument): AsciiBytes {
  return operatorsOf(doc as unknown as PdfKitPages).writer();
}

function operatorsOf(doc: PdfKitPages): PageOperators {
  return (doc.page.content.operators ??= new PageOperators());
}

/**
 * Each page's content as one stream, compressed at zlib's fastest level (deflate.ts) rather than
 * PDFKit's fixed default (6): half the deflate time, for files 1-3% larger on the one-page samples
 * and 8% on a 31-page invoice (bench cases; the same content once inflated). PDFKit then writes
 * the bytes as they are, under the Filter set here.
 */
export function deflatePageContents(doc: PDFKit.PDFDocument): void {
  for (const { content } of (doc as unknown as PdfKitPages)._pageBuffer) {
    const operators = content.operators;
    handOver(content);
    const parts = content.buffer;
    if (parts.length === 0) continue;
    if (!content.compress) {
      content.buffer = [Buffer.concat(parts)];
    } else {
      content.buffer = [deflate(...parts)];
      content.data.Filter = 'FlateDecode';
      content.compress = false;
    }
    operators?.release();
  }
}
