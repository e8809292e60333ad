import { AsciiBytes } from './ascii-bytes';
import { pdfTextString } from './pdf-text-string';
import { writePlainObject } from './object-stream';

/** The PDFKit internals a link annotation is added through (PDFKit 0.17). */
interface AnnotatingDoc {
  page: { annotations: object[] };
  _security?: unknown;
  ref(): { id: number };
  /** The rectangle in default user space, through the current transformation. */
  _convertRect(x: number, y: number, width: number, height: number): [number, number, number, number];
  link(x: number, y: number, width: number, height: number, url: string, options: object): unknown;
}

/** What the tagger gives a link annotation (Tagger.linkOptions). */
export interface LinkTagging {
  StructParent?: number;
  Contents?: String;
}

/**
 * Adds a URI link annotation over the rectangle to the current page and returns its reference.
 * Written as one object with its action inline: PDFKit's link() made the action an object of its
 * own and both through its generic dictionary conversion, about 25 us a link inside a render
 * (CPU profile of the 20-item invoice in a render worker, which has two). The dictionary is
 * PDFKit's: printable (/F 4, PDF/A 6.3.2), no border. An encrypted document's strings must be
 * encrypted per object, which PDFKit does: there it still writes the link.
 */
export function addLinkAnnotation(doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number, url: string, tagging: LinkTagging): object {
  const pdf = doc as unknown as AnnotatingDoc;
  const annotations = pdf.page.annotations;
  if (pdf._security) {
    pdf.link(x, y, width, height, asciiUri(url), { ...tagging });
    return annotations[annotations.length - 1];
  }
  const ref = pdf.ref();
  const rect = pdf._convertRect(x, y, width, height);
  writePlainObject(
    doc,
    ref.id,
    (out) => {
      out.text('<</Type/Annot/Subtype/Link/Rect[');
      rect.forEach((value, i) => writeNumber(i > 0 ? out.byte(SPACE) : out, value));
      out.text(']/Border[0 0 0]/F 4/A<</S/URI/URI').text(uriString(url)).text('>>');
      if (tagging.StructParent !== undefined) out.text('/StructParent ').int(tagging.StructParent);
      if (tagging.Contents !== undefined) out.text('/Contents').text(pdfTextString(tagging.Contents.valueOf()));
      out.text('>>');
    },
    ref,
  );
  annotations.push(ref);
  return ref;
}

/**
 * A URI as ISO 32000-1 (12.6.4.7) asks for it, in ASCII: characters outside printable ASCII
 * percent-encoded as UTF-8 (RFC 3986), a lone surrogate as U+FFFD. PDFKit wrote such a URI as UTF-16.
 */
export function asciiUri(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(LONE_SURROGATE.test(character) ? '\ufffd' : character));
}

const LONE_SURROGATE = /^[\ud800-\udfff]$/;

/** The URI as a PDF string: printable ASCII once encoded, so a literal string. */
export function uriString(url: string): string {
  return pdfTextString(asciiUri(url));
}

/** A coordinate as PDFKit writes numbers: rounded to 6 decimals. */
function writeNumber(out: AsciiBytes, value: number): AsciiBytes {
  return out.text(String(Math.round(value * 1e6) / 1e6));
}

const SPACE = 0x20;
