import { deflateSync } from 'node:zlib';

/** zlib's levels 1-3 share the fast matcher; 3 packs content streams best of them at the same speed. */
const CONTENT_LEVEL = 3;

/** The PDFKit internals this module works on. */
interface ContentStream {
  buffer: Buffer[];
  compress: boolean;
  data: { Filter?: string };
  /** Operators written since keepContentAsText, in order, after whatever `buffer` held. */
  text?: string[];
}
interface PdfKitPages {
  page: { content: ContentStream };
  addContent(data: string): unknown;
  _pageBuffer: Array<{ content: ContentStream }>;
}

/**
 * Page content kept as strings until the document ends: PDFKit makes a Buffer (with a copy of
 * the text and a newline) for every operator written, hundreds a page, and tagging adds a
 * marked-content operator around each cell.
 */
export function keepContentAsText(doc: PDFKit.PDFDocument): void {
  const pages = doc as unknown as PdfKitPages;
  pages.addContent = function (this: PdfKitPages, data: string) {
    (this.page.content.text ??= []).push(data);
    return this;
  };
}

/**
 * Each page's content as one stream, compressed at CONTENT_LEVEL rather than PDFKit's fixed
 * default (6): half the deflate time, for files 1-3% larger on the one-page samples and 8% on a
 * 31-page invoice (bench cases; the same content once inflated). PDFKit then writes the bytes as
 * they are, under the Filter set here.
 */
export function deflatePageContents(doc: PDFKit.PDFDocument): void {
  for (const { content } of (doc as unknown as PdfKitPages)._pageBuffer) {
    const parts = content.buffer;
    if (content.text) parts.push(Buffer.from(`${content.text.join('\n')}\n`, 'latin1'));
    content.text = undefined;
    if (parts.length === 0) continue;
    const bytes = Buffer.concat(parts);
    if (!content.compress) {
      content.buffer = [bytes];
      continue;
    }
    content.buffer = [deflateSync(bytes, { level: CONTENT_LEVEL })];
    content.data.Filter = 'FlateDecode';
    content.compress = false;
  }
}
