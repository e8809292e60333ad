import { ImageProblem, ImageSize } from './image-problem';

/** The markers PDFKit takes for a frame header: C0-CF but DHT (C4), so also JPG (C8) and DAC (CC). */
const PDFKIT_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf]);
/** Baseline, extended sequential and progressive Huffman JPEGs: what PDF viewers decode (DCTDecode). */
const SUPPORTED_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
const START_OF_SCAN = 0xda;
/** Markers that stand alone (no length): TEM, RST0-7, SOI, EOI. */
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
/** Components a PDF colour space exists for: grey, RGB, CMYK. */
const COMPONENTS = new Set([1, 3, 4]);

/**
 * Reads a JPEG's frame header without decoding it. The service never decodes JPEG pixels (they
 * are copied into the PDF), so the checks are structural: every segment up to the first scan
 * complete, the frame header the one PDFKit will find, 8-bit samples, 1, 3 or 4 components.
 * The compressed scans are left to the viewer, which also shows a JPEG cut short. Throws
 * ImageProblem.
 */
export function readJpeg(bytes: Buffer): ImageSize {
  let frame: ImageSize | undefined;
  for (let pos = 2; ; ) {
    if (pos + 4 > bytes.length) throw new ImageProblem('it is truncated');
    const marker = bytes[pos + 1];
    // PDFKit steps from segment to segment by their lengths, so anything else (fill bytes, stray
    // markers) would make it read a frame header that is not there.
    if (bytes[pos] !== 0xff || marker === 0xff || marker === 0x00 || STANDALONE(marker)) throw new ImageProblem('its segment structure is corrupt');
    const length = bytes.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > bytes.length) throw new ImageProblem('it is truncated');
    if (marker === START_OF_SCAN) {
      if (!frame) throw new ImageProblem('its scan comes before its frame header');
      return frame;
    }
    if (PDFKIT_FRAME_MARKERS.has(marker)) {
      if (frame) throw new ImageProblem('it has two frame headers');
      frame = readFrame(marker, bytes.subarray(pos + 4, pos + 2 + length));
    }
    pos += 2 + length;
  }
}

function readFrame(marker: number, segment: Buffer): ImageSize {
  if (!SUPPORTED_FRAMES.has(marker)) throw new ImageProblem('only baseline and progressive JPEGs are supported (not lossless, hierarchical or arithmetic-coded ones)');
  if (segment.length < 6) throw new ImageProblem('its frame header is malformed');
  const precision = segment[0];
  const height = segment.readUInt16BE(1);
  const width = segment.readUInt16BE(3);
  const components = segment[5];
  if (segment.length !== 6 + 3 * components) throw new ImageProblem('its frame header is malformed');
  if (precision !== 8) throw new ImageProblem(`its ${precision}-bit samples are not supported (8-bit only)`);
  if (!COMPONENTS.has(components)) throw new ImageProblem(`its ${components} colour components are not supported (1, 3 or 4)`);
  if (width === 0 || height === 0) throw new ImageProblem(`it is ${width}x${height} pixels`);
  return { width, height };
}
