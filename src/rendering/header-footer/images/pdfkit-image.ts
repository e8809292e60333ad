import PDFDocument from 'pdfkit';
import { ImageProblem, ImageSize } from './image-problem';

interface ImageOpener {
  openImage(src: Buffer): ImageSize;
}

/** Never ended nor written to: it only lends PDFKit's image reader (a Buffer is not cached). */
let opener: ImageOpener | undefined;

/**
 * Opens the image with PDFKit's own reader, as the renderer will, and makes sure it reads the
 * size that was checked: a reader that disagreed could be steered past the limits. Cheap: PNG
 * pixels are not decoded here and JPEG ones never are.
 */
export function checkWithPdfKit(bytes: Buffer, checked: ImageSize): void {
  opener ??= new PDFDocument({ autoFirstPage: false }) as unknown as ImageOpener;
  let read: ImageSize;
  try {
    read = opener.openImage(bytes);
  } catch {
    throw new ImageProblem('its metadata cannot be read');
  }
  if (read.width !== checked.width || read.height !== checked.height) throw new ImageProblem('its headers disagree about its size');
}
