import type { Request } from 'express';

/**
 * Collects a request body as it arrives, up to `limit` bytes: past it, `tooLarge` is called once
 * and the rest is ignored; otherwise `done` gets the whole body. A broken upload calls neither.
 */
export function readBodyUpTo(req: Request, limit: number, tooLarge: () => void, done: (raw: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let failed = false;
  req.on('data', (chunk: Buffer) => {
    if (failed) return;
    size += chunk.length;
    if (size > limit) {
      failed = true;
      tooLarge();
      return;
    }
    chunks.push(chunk);
  });
  req.on('error', () => {
    failed = true;
  });
  req.on('end', () => {
    if (!failed) done(Buffer.concat(chunks, size));
  });
}
