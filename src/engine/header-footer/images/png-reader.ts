import { crc32 } from 'node:zlib';
import { ImageProblem, ImageSize } from './image-problem';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depths allowed for each colour type (PNG spec, table 11.1) and the samples of a pixel. */
const COLOR_TYPES: Record<number, { depths: number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};
const PALETTE = 3;

export interface PngLayout extends ImageSize {
  colorType: number;
  bitDepth: number;
  interlaced: boolean;
  /** Bits of one pixel, all samples. */
  pixelBits: number;
  /** The compressed pixels: the data of every IDAT chunk, in order. */
  compressed: Buffer;
}

/**
 * Walks a PNG's chunks without decoding any pixel, strictly: checksums, chunk order, header
 * values. Also refuses what PDFKit (png-js) would draw wrongly or choke on, so that whatever
 * passes here is embedded as it is. Throws ImageProblem.
 */
export function readPng(bytes: Buffer): PngLayout {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new ImageProblem('its PNG signature is damaged');
  let layout: PngLayout | undefined;
  let paletteEntries = 0;
  let seenTransparency = false;
  const compressed: Buffer[] = [];
  let afterImageData = false;
  for (let pos = 8; ; ) {
    const { type, data, end } = chunkAt(bytes, pos);
    if (!layout && type !== 'IHDR') throw new ImageProblem('it does not start with an IHDR chunk');
    if (compressed.length > 0 && type !== 'IDAT') afterImageData = true;
    switch (type) {
      case 'IHDR':
        if (layout) throw new ImageProblem('it has two IHDR chunks');
        layout = readHeader(data);
        break;
      case 'PLTE':
        if (paletteEntries > 0 || compressed.length > 0 || seenTransparency) throw new ImageProblem('its PLTE chunk is out of place');
        if (layout!.colorType !== PALETTE) throw new ImageProblem('a palette in a non-palette image is not supported');
        if (data.length === 0 || data.length % 3 !== 0 || data.length > 256 * 3) throw new ImageProblem('its palette is malformed');
        paletteEntries = data.length / 3;
        break;
      case 'tRNS':
        if (seenTransparency || compressed.length > 0) throw new ImageProblem('its tRNS chunk is out of place');
        checkTransparency(layout!, data, paletteEntries);
        seenTransparency = true;
        break;
      case 'IDAT':
        if (afterImageData) throw new ImageProblem('its IDAT chunks are not consecutive');
        compressed.push(data);
        break;
      case 'IEND':
        if (compressed.length === 0) throw new ImageProblem('it has no image data');
        if (layout!.colorType === PALETTE && paletteEntries === 0) throw new ImageProblem('its palette is missing');
        return { ...layout!, compressed: Buffer.concat(compressed) };
      default:
        // A critical chunk (upper-case first letter) that a decoder does not know must not be skipped.
        if (type.charCodeAt(0) < 0x61) throw new ImageProblem(`its ${type} chunk is not supported`);
    }
    pos = end;
  }
}

function chunkAt(bytes: Buffer, pos: number): { type: string; data: Buffer; end: number } {
  if (pos + 12 > bytes.length) throw new ImageProblem('it is truncated');
  const length = bytes.readUInt32BE(pos);
  const end = pos + 12 + length;
  // png-js reads lengths as signed 32-bit numbers: anything past 2^31 would send it backwards.
  if (length > 0x7fffffff || end > bytes.length) throw new ImageProblem('it is truncated');
  const type = bytes.toString('latin1', pos + 4, pos + 8);
  if (!/^[A-Za-z]{4}$/.test(type)) throw new ImageProblem('its chunk structure is corrupt');
  if (crc32(bytes.subarray(pos + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) throw new ImageProblem(`its ${type} chunk fails its CRC check`);
  return { type, data: bytes.subarray(pos + 8, end - 4), end };
}

function readHeader(data: Buffer): PngLayout {
  if (data.length !== 13) throw new ImageProblem('its IHDR chunk is malformed');
  const width = data.readUInt32BE(0);
  const height = data.readUInt32BE(4);
  const [bitDepth, colorType, compression, filter, interlace] = data.subarray(8);
  if (width === 0 || height === 0) throw new ImageProblem(`it is ${width}x${height} pixels`);
  const kind = COLOR_TYPES[colorType];
  if (!kind) throw new ImageProblem(`its colour type ${colorType} is not valid`);
  if (!kind.depths.includes(bitDepth)) throw new ImageProblem(`its bit depth ${bitDepth} is not valid for colour type ${colorType}`);
  if (compression !== 0 || filter !== 0 || interlace > 1) throw new ImageProblem('its IHDR chunk is malformed');
  const interlaced = interlace === 1;
  // png-js decodes interlaced images a whole byte per sample, and reads a filter byte for the
  // empty columns of the second pass when the image is narrower than 5 pixels.
  if (interlaced && bitDepth < 8) throw new ImageProblem('interlaced images with fewer than 8 bits per sample are not supported');
  if (interlaced && width < 5) throw new ImageProblem('interlaced images narrower than 5 pixels are not supported');
  return { width, height, colorType, bitDepth, interlaced, pixelBits: bitDepth * kind.channels, compressed: Buffer.alloc(0) };
}

function checkTransparency(layout: PngLayout, data: Buffer, paletteEntries: number): void {
  if (layout.colorType !== PALETTE) {
    // PDFKit turns a grey or RGB colour key into a wrong /Mask; alpha images may not have one at all.
    throw new ImageProblem('transparency (tRNS) is supported only in palette images; use an alpha channel');
  }
  if (paletteEntries === 0 || data.length > paletteEntries) throw new ImageProblem('its tRNS chunk is malformed');
  // png-js maps alpha over packed bytes, not over the 1, 2 or 4-bit indexes they hold.
  if (layout.bitDepth < 8) throw new ImageProblem('palette images with transparency need 8 bits per pixel');
  // PDFKit de-interlaces such an image for its alpha mask but embeds its colours still interlaced.
  if (layout.interlaced) throw new ImageProblem('interlaced palette images with transparency are not supported');
}
