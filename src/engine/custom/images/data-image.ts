import { inflateSync } from 'node:zlib';
import { readHeaders } from '../../header-footer/images/check-template-images';
import { ImageProblem } from '../../header-footer/images/image-problem';
import { checkWithPdfKit } from '../../header-footer/images/pdfkit-image';
import { scanlines } from '../../header-footer/images/png-pixel-check';
import { PngLayout } from '../../header-footer/images/png-reader';

/** Largest image accepted, decoded bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The longest data URI of an image within MAX_IMAGE_BYTES (base64 and its prefix). */
export const MAX_IMAGE_URI_CHARS = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64;
const DATA_URI = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/]*={0,2})$/i;
const MAX_FILTER_TYPE = 4;

export type ImageVerdict = { pixels: number } | { problem: string };

/**
 * Verdicts on recent images: a logo comes with every document, and is checked once. Only images
 * up to CACHED_CHARS are remembered, so the cache holds at most a few megabytes of keys.
 */
const verdicts = new Map<string, ImageVerdict>();
const VERDICT_LIMIT = 32;
const CACHED_CHARS = 256 * 1024;

/**
 * Checks an image of a custom layout before PDFKit reads it: a data:image/png or data:image/jpeg
 * base64 URI whose bytes are a PNG or JPEG within the header images' limits, read the same by
 * PDFKit, and (PNG) whose pixel data inflates to exactly its size with valid scanline filters:
 * png-js would otherwise fail inside the render, from a callback that ends the worker thread.
 * Synchronous, as layout is; the inflated data is bounded by the checked size.
 */
export function checkDataImage(src: string): ImageVerdict {
  if (src.length > CACHED_CHARS) return check(src);
  let verdict = verdicts.get(src);
  if (!verdict) {
    verdict = check(src);
    if (verdicts.size >= VERDICT_LIMIT) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(src, verdict);
  }
  return verdict;
}

export const NOT_A_DATA_URI = 'must be a data:image/png or data:image/jpeg URI';

function check(src: string): ImageVerdict {
  if (src.length > MAX_IMAGE_URI_CHARS) return { problem: `holds an image over ${MAX_IMAGE_BYTES / 1024 / 1024} MB` };
  const match = DATA_URI.exec(src);
  if (!match) return { problem: NOT_A_DATA_URI };
  const bytes = Buffer.from(match[1], 'base64');
  try {
    const { size, png } = readHeaders(bytes);
    checkWithPdfKit(bytes, size);
    if (png) checkPngPixels(png);
    return { pixels: size.width * size.height };
  } catch (error) {
    if (error instanceof ImageProblem) return { problem: `holds an image that cannot be drawn: ${error.message}` };
    throw error;
  }
}

function checkPngPixels(png: PngLayout): void {
  const runs = scanlines(png);
  const expected = runs.reduce((sum, run) => sum + run.rows * run.bytes, 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(png.compressed, { maxOutputLength: expected + 1 });
  } catch (error) {
    const tooLong = error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw new ImageProblem(tooLong ? 'its pixel data is longer than its size' : 'its compressed pixel data is corrupt');
  }
  if (pixels.length > expected) throw new ImageProblem('its pixel data is longer than its size');
  if (pixels.length < expected) throw new ImageProblem('its pixel data is shorter than its size');
  let at = 0;
  for (const run of runs) {
    for (let row = 0; row < run.rows; row++, at += run.bytes) {
      if (pixels[at] > MAX_FILTER_TYPE) throw new ImageProblem(`a scanline has the invalid filter type ${pixels[at]}`);
    }
  }
}
