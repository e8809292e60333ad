import PDFDocument from 'pdfkit';
import { inflateSync } from 'node:zlib';
import { deflatePageContents, keepContentAsBytes, pageContentBytes } from './page-content';

function newDocument(compress = false): { doc: PDFKit.PDFDocument; pdf: Promise<Buffer> } {
  const doc = new PDFDocument({ size: [200, 200], margin: 0, bufferPages: true, compress, font: null as unknown as string });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const pdf = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  keepContentAsBytes(doc);
  return { doc, pdf };
}

/** Each page's content stream, in page order (uncompressed, or inflated when its Filter says so). */
function pageContents(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/<<([^>]*?)>>\nstream\n/g)) {
    const start = match.index + match[0].length;
    const length = Number(/\/Length (\d+)/.exec(match[1])?.[1]);
    const bytes = pdf.subarray(start, start + length);
    const content = /FlateDecode/.test(match[1]) ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1');
    if (content.startsWith('1 0 0 -1 0 200 cm')) streams.push(content);
  }
  return streams;
}

/** Operators added as strings, batched past the batch size, and bytes written directly, on two pages. */
function draw(doc: PDFKit.PDFDocument): void {
  doc.addContent('q');
  pageContentBytes(doc).text('BT ').int(-12).text(' Tz ET\n');
  for (let i = 0; i < 300; i++) doc.addContent(`${i} 0 m`);
  pageContentBytes(doc).points(1.005).text(' w\n');
  doc.addContent('Q');
  doc.addPage();
  doc.addContent('S');
  doc.switchToPage(0);
  doc.addContent('n');
}

const FIRST_PAGE = ['1 0 0 -1 0 200 cm', 'q', 'BT -12 Tz ET', ...Array.from({ length: 300 }, (_, i) => `${i} 0 m`), '1 w', 'Q', 'n', ''].join('\n');
const SECOND_PAGE = '1 0 0 -1 0 200 cm\nS\n';

describe('page content as bytes', () => {
  it('keeps the order of operators added as strings and written as bytes, per page, when PDFKit ends the pages', async () => {
    const { doc, pdf } = newDocument();
    draw(doc);
    doc.end();
    expect(pageContents(await pdf)).toEqual([FIRST_PAGE, SECOND_PAGE]);
  });

  it('gives deflatePageContents the same bytes, compressed', async () => {
    const { doc, pdf } = newDocument(true);
    draw(doc);
    deflatePageContents(doc);
    doc.end();
    const bytes = await pdf;
    expect(bytes.toString('latin1')).toContain('/Filter /FlateDecode');
    expect(pageContents(bytes)).toEqual([FIRST_PAGE, SECOND_PAGE]);
  });

  it('sets a document up once', async () => {
    const { doc, pdf } = newDocument();
    keepContentAsBytes(doc);
    doc.addContent('S');
    doc.end();
    expect(pageContents(await pdf)).toEqual(['1 0 0 -1 0 200 cm\nS\n']);
  });
});
