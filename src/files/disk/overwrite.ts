import type { FileHandle } from 'node:fs/promises';

/** Made on the first erasure, not when the module loads: 1 MB the HTTP thread holds from then on. */
let zeros: Buffer | undefined;

/** Overwrites `length` bytes from `start` with zeros and waits until they are on disk. */
export async function overwriteWithZeros(handle: FileHandle, start: number, length: number): Promise<void> {
  const block = (zeros ??= Buffer.alloc(1024 * 1024));
  for (let done = 0; done < length; ) {
    const { bytesWritten } = await handle.write(block, 0, Math.min(block.length, length - done), start + done);
    done += bytesWritten;
  }
  await handle.datasync();
}
