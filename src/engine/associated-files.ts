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

/** PDFKit writes /AFRelationship from this option, which @types/pdfkit does not list. */
type AttachmentOptions = PDFKit.Mixins.PDFAttachmentOptions & { relationship: AssociatedFile['relationship'] };

/**
 * Embeds each file in the document's EmbeddedFiles and /AF, dated with the document (PDF/A-3
 * wants /ModDate on an associated file's parameters).
 */
export function embedAssociatedFiles(doc: PDFKit.PDFDocument, files: readonly AssociatedFile[], date: Date): void {
  for (const file of files) {
    const options: AttachmentOptions = {
      name: file.name,
      type: file.contentType,
      relationship: file.relationship,
      creationDate: date,
      modifiedDate: date,
      ...(file.description ? { description: file.description } : {}),
    };
    doc.file(file.data, options);
  }
}
