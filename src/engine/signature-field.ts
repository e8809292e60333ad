import type { SignatureField } from './page/pdf-options';
import type { Canvas } from './toolkit/canvas';
import { lineHeight, restyle, textStyle } from './toolkit/text-style';

/** What @signpdf/signpdf looks for and fills once the file is written (its DEFAULT_BYTE_RANGE_PLACEHOLDER). */
const BYTE_RANGE_PLACEHOLDER = '/**********';

/** The annotation flags Print and Locked: PDF/A wants every annotation printed. */
const PRINT_AND_LOCKED = 4 | 128;

/** The visible stamp: a framed box at the bottom right of the last page, in the bottom margin. */
const STAMP = { width: 210, height: 46, inset: 8, padding: 5 } as const;
const STAMP_STYLE = textStyle(7, '#1f2937');

/** Written as it is: PDFKit prints any object it does not know by its toString(). */
class RawPdf {
  readonly [Symbol.toStringTag] = 'RawPdf';
  constructor(private readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

interface PdfRefLike {
  data: Record<string, unknown>;
  write(chunk: string): void;
  end(): void;
}

interface SignatureInternals {
  ref(data: Record<string, unknown>): PdfRefLike;
  page: { dictionary: PdfRefLike; annotations: PdfRefLike[] };
  _root: { data: Record<string, unknown> };
  _acroform?: { fonts: Record<string, unknown>; defaultFont: string };
}

/**
 * Adds the signature field while the document is drawn, so the finished file is one revision
 * whose signature covers all of it: the engine knows its catalog and pages, where signing
 * afterwards would have to parse our cross-reference stream and add an incremental update (and,
 * in an encrypted file, encrypt the new strings itself). The signature dictionary holds
 * @signpdf's /ByteRange placeholder and /Contents as zero bytes, which the service fills after
 * the file is written. PDFKit writes a Buffer as a hex string and never encrypts it, as PDF
 * 32000-1 7.6.1 requires of /Contents; /Reason and the other text strings are encrypted as usual.
 * The widget is invisible (an empty rectangle) unless `visible`: then a stamp naming the signer is
 * drawn on the last page as an artifact, and the widget's empty appearance lies over it.
 */
export function addSignatureField(canvas: Canvas, doc: PDFKit.PDFDocument, field: SignatureField, signedAt: Date): void {
  const pdf = doc as unknown as SignatureInternals;
  const signature = pdf.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: [0, new RawPdf(BYTE_RANGE_PLACEHOLDER), new RawPdf(BYTE_RANGE_PLACEHOLDER), new RawPdf(BYTE_RANGE_PLACEHOLDER)],
    Contents: Buffer.alloc(field.contentsBytes),
    M: signedAt,
    Name: new String(field.signerName),
    ...(field.reason === undefined ? {} : { Reason: new String(field.reason) }),
    ...(field.location === undefined ? {} : { Location: new String(field.location) }),
    ...(field.contactInfo === undefined ? {} : { ContactInfo: new String(field.contactInfo) }),
  });
  signature.end();

  canvas.switchToPage(canvas.pageCount - 1);
  const rect = field.visible ? drawStamp(canvas, doc, field, signedAt) : [0, 0, 0, 0];
  const appearance = pdf.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, rect[2] - rect[0], rect[3] - rect[1]] });
  // An empty appearance (one newline): PDFKit writes no stream at all for a ref given no data.
  appearance.write('');
  appearance.end();
  const description = `Digital signature of ${field.signerName}`;
  let widget: PdfRefLike | undefined;
  canvas.tags.formField(description, (structParent) => {
    widget = pdf.ref({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      T: new String('Signature1'),
      // PDF/UA 7.18.1: a field's description.
      TU: new String(description),
      V: signature,
      F: PRINT_AND_LOCKED,
      Rect: rect,
      P: pdf.page.dictionary,
      AP: { N: appearance },
      ...(structParent === undefined ? {} : { StructParent: structParent }),
    });
    widget.end();
    pdf.page.annotations.push(widget);
    return widget;
  });
  // SigFlags 3: the document has signatures, and is to be changed only by appending (PDF 32000-1 12.7.2).
  // PDFKit's end() ends a catalog's AcroForm itself (endAcroForm), merging its own form fonts into
  // /DR: it is given form state without fonts, and not PDFKit's initForm, whose NeedAppearances PDF/A forbids.
  pdf._root.data.AcroForm = pdf.ref({ Fields: [widget!], SigFlags: 3, DR: { Font: {} } });
  pdf._acroform = { fonts: {}, defaultFont: 'none' };
}

/** Draws the stamp and answers its rectangle in PDF coordinates (origin at the bottom left). */
function drawStamp(canvas: Canvas, doc: PDFKit.PDFDocument, field: SignatureField, signedAt: Date): number[] {
  const { width, height } = doc.page;
  const [x, top] = [width - STAMP.inset - STAMP.width, height - STAMP.inset - STAMP.height];
  const lines = [`Digitally signed by ${field.signerName}`, `Date: ${signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`];
  if (field.reason) lines.push(`Reason: ${field.reason}`);
  if (field.location) lines.push(`Location: ${field.location}`);
  canvas.tags.artifact('Layout', () => {
    canvas.strokeRect(x, top, STAMP.width, STAMP.height, '#6b7280', 0.5);
    let y = top + STAMP.padding;
    for (const line of lines) {
      // A long name or reason is set smaller, whole (the dictionary holds it too).
      const room = STAMP.width - 2 * STAMP.padding;
      const style = restyle(STAMP_STYLE, { size: Math.min(STAMP_STYLE.size, (STAMP_STYLE.size * room) / Math.max(1, canvas.measure(line, STAMP_STYLE))) });
      canvas.text(line, x + STAMP.padding, y, style, room);
      y += lineHeight(STAMP_STYLE);
    }
  });
  return [x, STAMP.inset, x + STAMP.width, STAMP.inset + STAMP.height];
}
