import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  size: number;
  /** Strong validator; a file never changes once written. */
  etag: string;
  lastModified: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** Where hosted PDFs live: local disk by default, S3 when S3_BUCKET is set. Files are immutable and never expire. */
export interface FileStore {
  /**
   * Stores the bytes under a new `id`, durably once it resolves. Ids are unguessable and handed out
   * only after that, so no reader sees a file half-written.
   */
  save(id: string, bytes: Uint8Array): Promise<StoredFileInfo>;
  stat(id: string): Promise<StoredFileInfo | null>;
  /** Streams the file, or the inclusive byte range of it. */
  open(id: string, range?: ByteRange): Promise<Readable>;
  /** Throws when the store cannot be used (readiness). */
  ping(): Promise<void>;
}

export const FILE_STORE = Symbol('FILE_STORE');
