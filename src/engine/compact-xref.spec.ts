import PDFDocument from 'pdfkit';
import { compactXref } from './compact-xref';

/** A small document's bytes, its xref written by PDFKit or by compactXref. */
function render(compact: boolean): Promise<string> {
  const doc = new PDFDocument({ info: { CreationDate: new Date('2026-01-01T00:00:00Z') }, font: null as unknown as string });
  if (compact) compactXref(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<string>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks).toString('latin1'))));
  doc.rect(10, 10, 50, 50).fill('#336699');
  doc.addPage();
  doc.end();
  return done;
}

describe('compactXref', () => {
  it('writes the bytes PDFKit writes: xref, trailer, startxref', async () => {
    const [pdfkit, compact] = await Promise.all([render(false), render(true)]);
    // The file ID is a hash with the time of writing in it: the rest is the same byte for byte.
    const withoutId = (pdf: string) => pdf.replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID []');
    expect(withoutId(compact)).toBe(withoutId(pdfkit));
    expect(compact).toMatch(/\nxref\n0 \d+\n0000000000 65535 f \n(\d{10} 00000 n \n)+trailer\n<<\n\/Size \d+\n\/Root \d+ 0 R\n\/Info \d+ 0 R\n\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]\n>>\nstartxref\n\d+\n%%EOF\n$/);
  });
});
