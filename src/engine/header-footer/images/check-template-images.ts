import { PdfOptions } from '../../page/pdf-options';
import { templateImages } from '../draw-header-footer';
import { IMAGE_LIMITS } from './image-limits';
import { ImageProblem, ImageSize } from './image-problem';
import { readJpeg } from './jpeg-reader';
import { checkWithPdfKit } from './pdfkit-image';
import { checkPngPixels } from './png-pixel-check';
import { PngLayout, readPng } from './png-reader';

/** How PDFKit takes the bytes out of a data URI; decoding the same way checks the same bytes. */
const PDFKIT_DATA_URI = /^data:.+?;base64,(.*)$/;

interface ReadImage {
  label: string;
  bytes: Buffer;
  size: ImageSize;
  png?: PngLayout;
}

/**
 * Verdicts on recent templates. A caller sends the same header with its logo on every request, and
 * checking a 120x40 logo again each time cost 0.7-0.9 ms of CPU; the verdict on the same text
 * never changes.
 */
const verdicts = new Map<string, Promise<string[]>>();
const VERDICT_CACHE_LIMIT = 64;

/** Checks the images of both templates of validated options; returns the validation errors. */
export async function checkOptionImages(options: PdfOptions): Promise<string[]> {
  const errors: string[] = [];
  for (const field of ['headerTemplate', 'footerTemplate'] as const) {
    const html = options[field];
    if (html) errors.push(...(await rememberedCheck(html, `options.${field}`)));
  }
  return errors;
}

function rememberedCheck(html: string, field: string): Promise<string[]> {
  const key = `${field}\n${html}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    if (verdicts.size >= VERDICT_CACHE_LIMIT) verdicts.delete(verdicts.keys().next().value!);
    verdict = checkTemplateImages(html, field);
    // A check that threw (a fault of ours, not of the image) is not remembered.
    verdict.catch(() => verdicts.delete(key));
    verdicts.set(key, verdict);
  }
  return verdict;
}

/**
 * Checks the images a header or footer template would draw, at request time, so that a bad one
 * is a 400 naming `field` and never reaches a render worker. Sizes come from the headers and are
 * held to IMAGE_LIMITS before anything else reads the image; then PDFKit's reader must agree,
 * and a PNG's pixel data is inflated (as a stream, bounded by the declared size) and checked.
 * A repeated image is checked and counted once, as PDFKit embeds it once.
 */
export async function checkTemplateImages(html: string, field: string): Promise<string[]> {
  const errors: string[] = [];
  const images: ReadImage[] = [];
  const seen = new Set<string>();
  templateImages(html).forEach((src, index) => {
    if (seen.has(src)) return;
    seen.add(src);
    const bytes = Buffer.from(PDFKIT_DATA_URI.exec(src)?.[1] ?? '', 'base64');
    const label = `${field} image ${index + 1}`;
    try {
      images.push({ label, bytes, ...readHeaders(bytes) });
    } catch (error) {
      errors.push(refusal(label, error));
    }
  });
  const pixels = images.reduce((sum, { size }) => sum + size.width * size.height, 0);
  if (pixels > IMAGE_LIMITS.maxPixelsPerTemplate) {
    errors.push(`${field} images hold ${pixels} pixels; at most ${IMAGE_LIMITS.maxPixelsPerTemplate} are allowed in one template`);
  }
  if (errors.length > 0) return errors;

  for (const image of images) {
    try {
      checkWithPdfKit(image.bytes, image.size);
      if (image.png) await checkPngPixels(image.png);
    } catch (error) {
      errors.push(refusal(image.label, error));
    }
  }
  return errors;
}

/** A PNG's or JPEG's size from its headers, held to IMAGE_LIMITS; throws ImageProblem. */
export function readHeaders(bytes: Buffer): { size: ImageSize; png?: PngLayout } {
  let size: ImageSize;
  let png: PngLayout | undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8) size = readJpeg(bytes);
  else if (bytes[0] === 0x89 && bytes.toString('latin1', 1, 4) === 'PNG') size = png = readPng(bytes);
  else throw new ImageProblem('it is neither a PNG nor a JPEG');
  const { maxSide, maxPixelsPerImage } = IMAGE_LIMITS;
  if (size.width > maxSide || size.height > maxSide || size.width * size.height > maxPixelsPerImage) {
    throw new ImageProblem(`it is ${size.width}x${size.height} pixels; at most ${maxSide} pixels a side and ${maxPixelsPerImage} pixels per image are allowed`);
  }
  return { size: { width: size.width, height: size.height }, png };
}

function refusal(label: string, error: unknown): string {
  if (!(error instanceof ImageProblem)) throw error;
  return `${label} cannot be drawn: ${error.message}`;
}
