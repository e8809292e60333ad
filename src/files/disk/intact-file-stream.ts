import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { NoSuchFile } from '../file-store.port';

const CHUNK_BYTES = 64 * 1024;

/**
 * Streams bytes `start` to `end` (inclusive) of an open file, asking `intact` after every read
 * whether the file was erased meanwhile. An erase marks the file gone before it overwrites a byte
 * of it, so a chunk followed by a check that still finds the file intact holds the file's own
 * bytes: a reader racing an erase gets a prefix of the file, then NoSuchFile, never zeros.
 */
export class IntactFileStream extends Readable {
  private position: number;

  constructor(
    private readonly id: string,
    private readonly handle: FileHandle,
    start: number,
    private readonly end: number,
    private readonly intact: () => Promise<boolean>,
  ) {
    super({ highWaterMark: CHUNK_BYTES });
    this.position = start;
  }

  override _read(): void {
    this.nextChunk().then(
      (chunk) => {
        if (!this.destroyed) this.push(chunk);
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.handle.close().then(
      () => callback(error),
      () => callback(error),
    );
  }

  /** null at the end of the range, or of the file. */
  private async nextChunk(): Promise<Buffer | null> {
    if (this.position > this.end) return null;
    const length = Math.min(CHUNK_BYTES, this.end - this.position + 1);
    const chunk = Buffer.allocUnsafe(length);
    const { bytesRead } = await this.handle.read(chunk, 0, length, this.position);
    if (bytesRead === 0) return null;
    if (!(await this.intact())) throw new NoSuchFile(this.id);
    this.position += bytesRead;
    return chunk.subarray(0, bytesRead);
  }
}
