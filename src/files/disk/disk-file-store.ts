import { createReadStream } from 'node:fs';
import { mkdir, open, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileEtag } from '../file-id';
import { ByteRange, FileStore, StoredFile, StoredFileInfo } from '../file-store.port';
import { LEGACY_RECORD_ID, legacyLocationOf } from './legacy-record-ids';
import { RECORD_ID, RecordIds } from './record-ids';
import { VolumeChains } from './volume-chains';
import { loadVolumeKey } from './volume-key';
import { decodeHeader, HEADER_BYTES, RecordHeader, RecordLocation } from './volume-record';
import { VOLUME_ROTATE_BYTES, VolumeWriter } from './volume-writer';

/**
 * PDFs as records in append-only volume files, `<DATA_DIR>/files/<volume>.vol` (see
 * volume-writer.ts for why). Files saved by earlier versions, one per PDF as
 * `files/<first two chars of the id>/<id>.pdf`, are still served.
 */
export class DiskFileStore implements FileStore {
  private readonly writer: VolumeWriter;
  private readonly chains = new VolumeChains((volume) => this.volumePath(volume));
  private keys?: Promise<StoreKeys>;

  constructor(
    private readonly root: string,
    rotateAt = VOLUME_ROTATE_BYTES,
  ) {
    this.writer = new VolumeWriter(root, rotateAt);
  }

  async save(bytes: Uint8Array): Promise<StoredFile> {
    const { ids } = await this.storeKeys();
    const { location, created } = await this.writer.append(bytes);
    const id = ids.idOf({ location, length: bytes.byteLength });
    return { id, size: bytes.byteLength, etag: fileEtag(id, bytes.byteLength), lastModified: created };
  }

  async stat(id: string): Promise<StoredFileInfo | null> {
    if (!isVolumeId(id)) return this.statOneFile(id);
    const record = await this.find(id);
    return record && { size: record.length, etag: fileEtag(id, record.length), lastModified: record.created };
  }

  async open(id: string, range?: ByteRange): Promise<Readable> {
    if (!isVolumeId(id)) return createReadStream(this.oneFilePath(id), range ? { start: range.start, end: range.end } : {});
    const record = await this.find(id);
    if (!record) throw new Error(`No file ${id}`);
    const start = record.location.offset + HEADER_BYTES;
    const last = start + record.length - 1;
    const [from, to] = range ? [start + range.start, Math.min(start + range.end, last)] : [start, last];
    return to < from ? Readable.from([]) : createReadStream(this.volumePath(record.location.volume), { start: from, end: to });
  }

  onModuleDestroy(): void {
    this.writer.close();
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await writeFile(join(this.root, '.ready'), '');
  }

  private storeKeys(): Promise<StoreKeys> {
    this.keys ??= loadVolumeKey(this.root).then(
      (volumeKey) => ({ volumeKey, ids: new RecordIds(volumeKey) }),
      (error: unknown) => {
        this.keys = undefined;
        throw error;
      },
    );
    return this.keys;
  }

  /**
   * The record an id names, or null. The header must agree with the id: an authenticated id says
   * where the record is and how long; a legacy id is trusted only at a real start of a record.
   */
  private async find(id: string): Promise<FoundRecord | null> {
    const { volumeKey, ids } = await this.storeKeys();
    const sealed = ids.open(id);
    if (sealed) {
      const header = await this.readHeader(sealed.location);
      return header && header.length === sealed.length ? { location: sealed.location, ...header } : null;
    }
    const location = legacyLocationOf(id, volumeKey);
    if (!location || !(await this.chains.startsRecord(location.volume, location.offset))) return null;
    const header = await this.readHeader(location);
    return header && { location, ...header };
  }

  /** null when the volume or the record is not there, or the id's cookie is not the record's. */
  private async readHeader(location: RecordLocation): Promise<RecordHeader | null> {
    let handle;
    try {
      handle = await open(this.volumePath(location.volume), 'r');
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

  private volumePath(volume: string): string {
    return join(this.root, `${volume}.vol`);
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

interface StoreKeys {
  volumeKey: Buffer;
  ids: RecordIds;
}

interface FoundRecord extends RecordHeader {
  location: RecordLocation;
}

/** Ids of records in volumes; other ids name files of the older one-file-per-PDF layout, or nothing. */
function isVolumeId(id: string): boolean {
  return RECORD_ID.test(id) || LEGACY_RECORD_ID.test(id);
}
