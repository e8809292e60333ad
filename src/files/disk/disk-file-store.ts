import { createReadStream } from 'node:fs';
import { mkdir, open, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileEtag } from '../file-id';
import { ByteRange, FileStore, StoredFile, StoredFileInfo } from '../file-store.port';
import { loadVolumeKey } from './volume-key';
import { decodeHeader, HEADER_BYTES, isRecordId, RecordIds, RecordLocation } from './volume-record';
import { VOLUME_ROTATE_BYTES, VolumeWriter } from './volume-writer';

/**
 * PDFs as records in append-only volume files, `<DATA_DIR>/files/<volume>.vol` (see
 * volume-writer.ts for why). Files saved by earlier versions, one per PDF as
 * `files/<first two chars of the id>/<id>.pdf`, are still served.
 */
export class DiskFileStore implements FileStore {
  private readonly writer: VolumeWriter;
  private ids?: Promise<RecordIds>;

  constructor(
    private readonly root: string,
    rotateAt = VOLUME_ROTATE_BYTES,
  ) {
    this.writer = new VolumeWriter(root, rotateAt);
  }

  async save(bytes: Uint8Array): Promise<StoredFile> {
    const ids = await this.recordIds();
    const { location, created } = await this.writer.append(bytes);
    const id = ids.idOf(location);
    return { id, size: bytes.byteLength, etag: fileEtag(id, bytes.byteLength), lastModified: created };
  }

  async stat(id: string): Promise<StoredFileInfo | null> {
    if (!isRecordId(id)) return this.statOneFile(id);
    const location = (await this.recordIds()).locationOf(id);
    const header = await this.readHeader(location);
    return header && { size: header.length, etag: fileEtag(id, header.length), lastModified: header.created };
  }

  async open(id: string, range?: ByteRange): Promise<Readable> {
    if (!isRecordId(id)) return createReadStream(this.oneFilePath(id), range ? { start: range.start, end: range.end } : {});
    const location = (await this.recordIds()).locationOf(id);
    const header = await this.readHeader(location);
    if (!header) throw new Error(`No file ${id}`);
    const start = location.offset + HEADER_BYTES;
    const [from, to] = range ? [start + range.start, start + range.end] : [start, start + header.length - 1];
    return to < from ? Readable.from([]) : createReadStream(this.volumePath(location), { start: from, end: to });
  }

  onModuleDestroy(): void {
    this.writer.close();
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await writeFile(join(this.root, '.ready'), '');
  }

  private recordIds(): Promise<RecordIds> {
    this.ids ??= loadVolumeKey(this.root).then(
      (key) => new RecordIds(key),
      (error: unknown) => {
        this.ids = undefined;
        throw error;
      },
    );
    return this.ids;
  }

  /** null when the volume or the record is not there, or the id's cookie is not the record's. */
  private async readHeader(location: RecordLocation) {
    let handle;
    try {
      handle = await open(this.volumePath(location), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const header = Buffer.alloc(HEADER_BYTES);
      const { bytesRead } = await handle.read(header, 0, HEADER_BYTES, location.offset);
      return bytesRead === HEADER_BYTES ? decodeHeader(header, location.cookie) : null;
    } finally {
      await handle.close();
    }
  }

  private volumePath(location: RecordLocation): string {
    return join(this.root, `${location.volume}.vol`);
  }

  private async statOneFile(id: string): Promise<StoredFileInfo | null> {
    try {
      const info = await stat(this.oneFilePath(id));
      return { size: info.size, etag: fileEtag(id, info.size), lastModified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  private oneFilePath(id: string): string {
    return join(this.root, id.slice(0, 2), `${id}.pdf`);
  }
}
