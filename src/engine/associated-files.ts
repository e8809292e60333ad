import { createHash } from 'node:crypto';
import { deflate } from './deflate';

/** A file carried inside the PDF and associated with the document (PDF/A-3 /AF, DECISIONS section 14). */
export interface AssociatedFile {
  name: string;
  /** A MIME type: PDF/A-3 asks for the embedded file's /Subtype. */
  contentType: string;
  data: Buffer;
  /** Alternative: another form of the document (an e-invoice's XML); Supplement: added to it (a caller's attachment). */
  relationship: 'Alternative' | 'Supplement';
  description?: string;
}

/** The PDFKit internals the files are written with. */
interface AttachmentInternals {
  ref(data: Record<string, unknown>): { end(chunk?: Buffer): void };
  addNamedEmbeddedFile(name: string, ref: unknown): void;
  _root: { data: Record<string, unknown> };
}

/**
 * Embeds each file in the document's EmbeddedFiles name tree and its /AF, deflated, dated with
 * the document (PDF/A-3 wants /ModDate on an associated file's parameters). Not PDFKit's
 * doc.file(): it checksums with crypto-js, which took 14% of an e-invoice render's CPU (0.8 ms of
 * 6 ms for a 12 KB XML); node:crypto's MD5 takes microseconds. Deflated here (deflate.ts), not by
 * PDFKit at zlib's default level: that was 9.4% of an e-invoice render's CPU profile.
 */
export function embedAssociatedFiles(doc: PDFKit.PDFDocument, files: readonly AssociatedFile[], date: Date): void {
  const pdf = doc as unknown as AttachmentInternals;
  for (const file of files) {
    // PDFKit leaves a stream with a /Filter as it is.
    const stream = pdf.ref({
      Type: 'EmbeddedFile',
      Subtype: pdfName(file.contentType),
      Params: { CheckSum: createHash('md5').update(file.data).digest(), Size: file.data.length, CreationDate: date, ModDate: date },
      Filter: 'FlateDecode',
    });
    stream.end(deflate(file.data));
    const spec = pdf.ref({
      Type: 'Filespec',
      F: new String(file.name),
      UF: new String(file.name),
      AFRelationship: file.relationship,
      ...(file.description ? { Desc: new String(file.description) } : {}),
      EF: { F: stream, UF: stream },
    });
    spec.end();
    pdf.addNamedEmbeddedFile(file.name, spec);
    pdf._root.data.AF = [...((pdf._root.data.AF as unknown[] | undefined) ?? []), spec];
  }
}

/** A MIME type as a PDF name (PDFKit writes names as given): "/" and the delimiters escaped as #xx. */
function pdfName(text: string): string {
  return text.replace(/[^!-~]|[#/()<>[\]{}%]/g, (c) => `#${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);
}
