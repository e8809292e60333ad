import PDFDocument from 'pdfkit';
import { DocumentFonts } from '../../src/engine/fonts/document-fonts';
import { loadFontLibrary } from '../../src/engine/fonts/font-library';
import { Canvas } from '../../src/engine/toolkit/canvas';

/** A canvas on an uncompressed PDF of its own, for toolkit tests; `finish` gives the PDF bytes. */
export async function testCanvas(width = 400, height = 400): Promise<{ canvas: Canvas; finish: () => Promise<Buffer> }> {
  const fonts = await loadFontLibrary();
  const doc = new PDFDocument({ size: [width, height], margin: 0, bufferPages: true, compress: false, font: null as unknown as string });
  const documentFonts = new DocumentFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  return {
    canvas: new Canvas(doc, fonts, documentFonts),
    finish: () => {
      documentFonts.embedAll();
      doc.end();
      return ended;
    },
  };
}
