import { randomBytes } from 'node:crypto';

/**
 * The characters and lengths of every id a store hands out: 24, S3 and older disk files; 40, disk
 * volume records before their ids were authenticated; 67, disk volume records.
 */
const FILE_ID = /^(?:[A-Za-z0-9_-]{24}|[A-Za-z0-9_-]{40}|[A-Za-z0-9_-]{67})$/;

/** 144 random bits, URL-safe: the hosted URL is the capability, so it must not be guessable. */
export function newFileId(): string {
  return randomBytes(18).toString('base64url');
}

export function isFileId(value: string): boolean {
  return FILE_ID.test(value);
}

export function fileEtag(id: string, size: number): string {
  return `"${id}-${size}"`;
}
