import type PDFDocumentClass from 'pdfkit';
import { ImageProblem, ImageSize } from './image-problem';

/** PDFKit's image object; for a PNG, `image` is png-js's reader until the image is embedded. */
export interface PdfKitImage extends ImageSize {
  /** A JPEG's Exif orientation (1 to 8). */
  orientation?: number;
  image?: { transparency?: { indexed?: number[] } } | null;
}

interface ImageOpener {
  openImage(src: Buffer | string): PdfKitImage;
}

/** Never ended nor written to: it only lends PDFKit's image reader (a Buffer is not cached). */
let opener: ImageOpener | undefined;

/**
 * Opens the image with PDFKit's own reader, as the renderer will, and makes sure it reads the
 * size that was checked: a reader that disagreed could be steered past the limits. Cheap: PNG
 * pixels are not decoded here and JPEG ones never are.
 */
export function checkWithPdfKit(bytes: Buffer, checked: ImageSize): void {
  // PDFKit loaded on first use: the HTTP thread checks images with it but never renders.
  const PDFDocument: typeof PDFDocumentClass = require('pdfkit');
  opener ??= new PDFDocument({ autoFirstPage: false }) as unknown as ImageOpener;
  let read: ImageSize;
  try {
    read = opener.openImage(bytes);
  } catch {
    throw new ImageProblem('its metadata cannot be read');
  }
  if (read.width !== checked.width || read.height !== checked.height) throw new ImageProblem('its headers disagree about its size');
}

/**
 * Opens a data-URI image for `doc` through PDFKit's cache (each image embedded once per document).
 * png-js pads a short palette transparency (tRNS) to 255 entries, so palette index 255 came out
 * transparent; the PNG format says entries past the chunk are opaque, so the table is completed.
 */
export function openPdfKitImage(doc: PDFKit.PDFDocument, dataUri: string): PdfKitImage {
  const image = (doc as unknown as ImageOpener).openImage(dataUri);
  const alpha = image.image?.transparency?.indexed;
  if (alpha && alpha.length < 256) alpha.push(...new Array<number>(256 - alpha.length).fill(255));
  return image;
}
