import PDFDocument from 'pdfkit';
import { execFileSync } from 'node:child_process';
import { compactXref } from './compact-xref';
import { renderDocument } from './render-document';
import { renderRequest, invoiceWithItems } from '../../test/support/render-cases';
import { withPdfFile } from '../../test/rendering/render-helpers';

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

  it('lists a tagged document by a cross-reference stream, its structure elements in one object stream', async () => {
    const pdf = await renderDocument(renderRequest('invoice-basic', invoiceWithItems(500)));
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type\/ObjStm/g)).toHaveLength(1);
    // Stored, its fields as wide as the largest offset (3 bytes: the file is over 64 KB, fonts without hinting since issue 39) and index (2: over 255 elements) need.
    expect(text).toMatch(/\/Type\/XRef\/Size \d+\/W\[1 3 2\]\/Length \d+\n/);
    expect(text).not.toMatch(/\nxref\n/);
    // About 3,000 elements, none of them an object of its own: the file stays near its untagged size.
    expect((text.match(/ 0 obj\n/g) ?? []).length).toBeLessThan(100);
    expect(withPdfFile(pdf, (file) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' }))).toContain('No syntax or stream encoding errors');
  });
});
