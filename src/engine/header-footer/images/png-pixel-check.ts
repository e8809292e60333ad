import { createInflate } from 'node:zlib';
import { ImageProblem } from './image-problem';
import { PngLayout } from './png-reader';

/** Adam7 passes: first column and row, column and row steps. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
const MAX_FILTER_TYPE = 4;

/** Scanline lengths (filter byte included) of the image, one entry per run of equal rows. */
export function scanlines(png: PngLayout): Array<{ rows: number; bytes: number }> {
  const passes = png.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const runs = [];
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil(Math.max(0, png.width - x0) / dx);
    const rows = Math.ceil(Math.max(0, png.height - y0) / dy);
    if (columns > 0 && rows > 0) runs.push({ rows, bytes: 1 + Math.ceil((columns * png.pixelBits) / 8) });
  }
  return runs;
}

/**
 * Inflates the pixel data as a stream and checks it is exactly as long as the header says, with
 * a valid filter on every scanline: what png-js would otherwise find out inside the render
 * worker, where a zlib or filter error is thrown from a callback and kills the thread. Memory
 * stays at one zlib chunk; the work stops at the first byte past the expected size.
 */
export function checkPngPixels(png: PngLayout): Promise<void> {
  const cursor = new ScanlineCursor(scanlines(png));
  return new Promise((resolve, reject) => {
    const inflate = createInflate();
    let settled = false;
    const settle = (problem?: string) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      if (problem) reject(new ImageProblem(problem));
      else resolve();
    };
    inflate.on('data', (chunk: Buffer) => {
      const problem = cursor.feed(chunk);
      if (problem) settle(problem);
    });
    inflate.on('error', () => settle('its compressed pixel data is corrupt'));
    inflate.on('end', () => settle(cursor.done ? undefined : 'its pixel data is shorter than its size'));
    inflate.end(png.compressed);
  });
}

class ScanlineCursor {
  private run = 0;
  private rowsLeft: number;
  /** Bytes still to come in the current scanline; 0 at the start of one. */
  private rowLeft = 0;

  constructor(private readonly runs: Array<{ rows: number; bytes: number }>) {
    this.rowsLeft = runs[0]?.rows ?? 0;
  }

  get done(): boolean {
    return this.run >= this.runs.length;
  }

  /** Returns a problem, or undefined while the data is still consistent. */
  feed(chunk: Buffer): string | undefined {
    let at = 0;
    while (at < chunk.length) {
      if (this.done) return 'its pixel data is longer than its size';
      if (this.rowLeft === 0) {
        if (chunk[at] > MAX_FILTER_TYPE) return `a scanline has the invalid filter type ${chunk[at]}`;
        this.rowLeft = this.runs[this.run].bytes;
      }
      const step = Math.min(this.rowLeft, chunk.length - at);
      at += step;
      this.rowLeft -= step;
      if (this.rowLeft === 0 && --this.rowsLeft === 0) {
        this.run++;
        this.rowsLeft = this.runs[this.run]?.rows ?? 0;
      }
    }
    return undefined;
  }
}
