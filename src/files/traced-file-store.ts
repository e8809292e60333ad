import type { Readable } from 'node:stream';
import type { Tracing } from '../tracing';
import type { ByteRange, FileStore, StoredFile, StoredFileInfo } from './file-store.port';

/**
 * A file store whose calls are spans (`files save`, `files stat`, `files open`, `files erase`;
 * `files open` until the stream is ready, its reading is the request's). Used only when spans are
 * exported; readiness pings are left out, they would bury the rest.
 */
export class TracedFileStore implements FileStore {
  constructor(
    private readonly store: FileStore,
    private readonly tracing: Tracing,
  ) {}

  save(bytes: Uint8Array): Promise<StoredFile> {
    return this.tracing.inSpan('files save', { attributes: { 'pdfgen.file.size': bytes.byteLength } }, async (span) => {
      const file = await this.store.save(bytes);
      span.setAttributes({ 'pdfgen.file.id': file.id });
      return file;
    });
  }

  stat(id: string): Promise<StoredFileInfo | null> {
    return this.tracing.inSpan('files stat', { attributes: { 'pdfgen.file.id': id } }, () => this.store.stat(id));
  }

  open(id: string, range?: ByteRange): Promise<Readable> {
    const attributes = { 'pdfgen.file.id': id, 'pdfgen.file.range': range ? `${range.start}-${range.end}` : undefined };
    return this.tracing.inSpan('files open', { attributes }, () => this.store.open(id, range));
  }

  erase(id: string): Promise<void> {
    return this.tracing.inSpan('files erase', { attributes: { 'pdfgen.file.id': id } }, () => this.store.erase(id));
  }

  ping(): Promise<void> {
    return this.store.ping();
  }
}
