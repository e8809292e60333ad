import { crc32, deflateSync } from 'node:zlib';

export interface PngSpec {
  width: number;
  height: number;
  /** PNG colour type: 0 grey, 2 RGB, 3 indexed, 4 grey+alpha, 6 RGBA. */
  colorType?: number;
  bitDepth?: number;
  interlace?: 0 | 1;
  /** Raw scanlines (filter byte + samples); a plain image of the right size when absent. */
  raw?: Buffer;
  /** Compressed image data; overrides `raw`. */
  idat?: Buffer;
  /** Extra chunks written between IHDR and IDAT. */
  chunks?: Array<[type: string, data: Buffer]>;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** A well-formed PNG (or a malformed one, through `idat`/`chunks`) for image tests. */
export function pngBytes(spec: PngSpec): Buffer {
  const { width, height, colorType = 6, bitDepth = 8, interlace = 0 } = spec;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colorType, 0, 0, interlace], 8);
  const idat = spec.idat ?? deflateSync(spec.raw ?? Buffer.alloc(rawSize(spec)));
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), ...(spec.chunks ?? []).map(([type, data]) => chunk(type, data)), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Adam7 passes: first column and row, column and row steps. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];

/** The length of each uncompressed scanline (filter byte included) of a well-formed image, in order. */
export function scanlineLengths({ width, height, colorType = 6, bitDepth = 8, interlace = 0 }: PngSpec): number[] {
  const passes = interlace ? ADAM7 : [[0, 0, 1, 1]];
  const lengths: number[] = [];
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil(Math.max(0, width - x0) / dx);
    const rows = Math.ceil(Math.max(0, height - y0) / dy);
    const length = 1 + Math.ceil((columns * bitDepth * (CHANNELS[colorType] ?? 1)) / 8);
    if (columns > 0) for (let row = 0; row < rows; row++) lengths.push(length);
  }
  return lengths;
}

/** A PNG whose pixel (x, y) holds `samples(x, y)`, one value per channel at the spec's bit depth. */
export function pngFromSamples(spec: PngSpec, samples: (x: number, y: number) => number[]): Buffer {
  const { width, height, bitDepth = 8, interlace = 0 } = spec;
  const scanlines: Buffer[] = [];
  for (const [x0, y0, dx, dy] of interlace ? ADAM7 : [[0, 0, 1, 1]]) {
    if (x0 >= width) continue;
    for (let y = y0; y < height; y += dy) {
      const values: number[] = [];
      for (let x = x0; x < width; x += dx) values.push(...samples(x, y));
      const line = Buffer.alloc(1 + Math.ceil((values.length * bitDepth) / 8)); // filter type 0
      values.forEach((value, i) => {
        if (bitDepth === 16) line.writeUInt16BE(value, 1 + 2 * i);
        else line[1 + ((i * bitDepth) >> 3)] |= value << (8 - bitDepth - ((i * bitDepth) & 7));
      });
      scanlines.push(line);
    }
  }
  return pngBytes({ ...spec, raw: Buffer.concat(scanlines) });
}

export function rawSize(spec: PngSpec): number {
  return scanlineLengths(spec).reduce((sum, length) => sum + length, 0);
}

export function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** The image-bomb of issue 11: a 122-character PNG that declares 16384x16384 RGBA pixels. */
export const PNG_BOMB = pngBytes({ width: 16384, height: 16384, idat: deflateSync(Buffer.alloc(1)) });

/** A 1x1 grey progressive JPEG (SOF2) without an end marker, as some encoders write them. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** The JPEG with one more segment right after its start marker. */
export function withSegment(jpeg: Buffer, marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, data, jpeg.subarray(2)]);
}

/** An APP1 Exif segment's data saying the image is rotated (orientation 6). */
export const EXIF_ROTATED = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from('4d4d002a000000080001011200030000000100060000000000000000', 'hex')]);

export function dataUri(bytes: Buffer, type: 'png' | 'jpeg' = 'png'): string {
  return `data:image/${type};base64,${bytes.toString('base64')}`;
}
