import { inflateSync } from 'node:zlib';

export interface Raster {
  width: number;
  height: number;
  /** Bytes per pixel: 1 (grey) or 3 (RGB). */
  channels: number;
  pixels: Buffer;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3 };

/** Decodes the 8-bit, non-interlaced grey or RGB PNGs that pdftoppm writes. */
export function decodePng(file: Buffer): Raster {
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (at < file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = CHANNELS[body[9]] ?? 0;
      if (body[8] !== 8 || !channels || body[12] !== 0) throw new Error('Unsupported PNG: expected 8-bit grey/RGB, not interlaced');
    } else if (type === 'IDAT') {
      data.push(body);
    }
    at += 12 + length;
  }
  return { width, height, channels, pixels: unfilter(inflateSync(Buffer.concat(data)), width, height, channels) };
}

function unfilter(raw: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? out[row + x - bpp] : 0;
      const up = y > 0 ? out[row - stride + x] : 0;
      const upLeft = y > 0 && x >= bpp ? out[row - stride + x - bpp] : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) predictor = paeth(left, up, upLeft);
      out[row + x] = (line[x] + predictor) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Share of pixels whose channels differ by more than `threshold` (1 when sizes differ). */
export function diffRatio(a: Raster, b: Raster, threshold = 48): number {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) return 1;
  let different = 0;
  for (let i = 0; i < a.pixels.length; i += a.channels) {
    for (let c = 0; c < a.channels; c++) {
      if (Math.abs(a.pixels[i + c] - b.pixels[i + c]) > threshold) {
        different++;
        break;
      }
    }
  }
  return different / (a.width * a.height);
}
