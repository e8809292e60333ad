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

/** Where hosted PDFs live: local disk by default, S3 when S3_BUCKET is set. Files are immutable and never expire. */
export interface FileStore {
  /** Stores the bytes under a new id; resolves once they are durable. */
  save(bytes: Uint8Array): Promise<StoredFile>;
  stat(id: string): Promise<StoredFileInfo | null>;
  /** Streams the file, or the inclusive byte range of it. */
  open(id: string, range?: ByteRange): Promise<Readable>;
  /** Throws when the store cannot be used (readiness). */
  ping(): Promise<void>;
}

export const FILE_STORE = Symbol('FILE_STORE');
