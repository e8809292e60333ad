import type { FileHandle } from 'node:fs/promises';

const ZEROS = Buffer.alloc(1024 * 1024);

/** Overwrites `length` bytes from `start` with zeros and waits until they are on disk. */
export async function overwriteWithZeros(handle: FileHandle, start: number, length: number): Promise<void> {
  for (let done = 0; done < length; ) {
    const { bytesWritten } = await handle.write(ZEROS, 0, Math.min(ZEROS.length, length - done), start + done);
    done += bytesWritten;
  }
  await handle.datasync();
}
