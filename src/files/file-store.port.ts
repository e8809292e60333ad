import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  size: number;
  /** Strong validator; a file never changes once written. */
  etag: string;
  lastModified: Date;
}

export interface StoredFile extends StoredFileInfo {
  /** Named by the store; at least 128 random bits, since the URL is the capability to read it. */
  id: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * What `open` rejects with when the file is not there (erased since `stat`), and what its stream
 * fails with when the file is erased while it is read: the bytes sent until then were the file's.
 */
export class NoSuchFile extends Error {
  constructor(id: string) {
    super(`No file ${id}`);
    this.name = 'NoSuchFile';
  }
}

/**
 * Where hosted PDFs live: local disk by default, S3 when S3_BUCKET is set. Files are immutable and
 * never expire; only an erasure (DECISIONS section 11) removes one.
 */
export interface FileStore {
  /** Stores the bytes under a new id; resolves once they are durable. */
  save(bytes: Uint8Array): Promise<StoredFile>;
  stat(id: string): Promise<StoredFileInfo | null>;
  /** Streams the file, or the inclusive byte range of it; rejects with NoSuchFile when there is none. */
  open(id: string, range?: ByteRange): Promise<Readable>;
  /**
   * Removes the file for good, for every replica, bytes included (not only the name); resolves once
   * that is durable. An id that names nothing is left alone, so erasing again is harmless.
   */
  erase(id: string): Promise<void>;
  /** Throws when the store cannot be used (readiness). */
  ping(): Promise<void>;
}

export const FILE_STORE = Symbol('FILE_STORE');
