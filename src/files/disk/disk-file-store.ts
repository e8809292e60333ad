import type { Stats } from 'node:fs';
import { mkdir, open, rename, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileEtag, isFileId } from '../file-id';
import { ByteRange, FileStore, NoSuchFile, StoredFile, StoredFileInfo } from '../file-store.port';
import { IntactFileStream } from './intact-file-stream';
import { LEGACY_RECORD_ID, legacyLocationOf } from './legacy-record-ids';
import { overwriteWithZeros } from './overwrite';
import { RECORD_ID, RecordIds } from './record-ids';
import { VolumeChains } from './volume-chains';
import { loadVolumeKey } from './volume-key';
import { decodeHeader, encodeErasedHeader, HEADER_BYTES, RecordHeader, RecordLocation } from './volume-record';
import { syncFolder, VOLUME_ROTATE_BYTES, VolumeWriter } from './volume-writer';

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
    if (!isVolumeId(id)) return this.openOneFile(id, range);
    const record = await this.find(id);
    const handle = record && (await openIfThere(this.volumePath(record.location.volume), 'r'));
    if (!record || !handle) throw new NoSuchFile(id);
    const start = record.location.offset + HEADER_BYTES;
    const last = start + record.length - 1;
    const [from, to] = range ? [start + range.start, Math.min(start + range.end, last)] : [start, last];
    return new IntactFileStream(id, handle, from, to, () => this.stillServed(handle, record));
  }

  /**
   * A volume record is first marked erased, and synced: from then on no reader gets it, also after
   * a crash. Then its bytes are overwritten with zeros in place, and synced; a crash in between
   * leaves a record that is already gone, which erasing again finishes. The record keeps its
   * length, so the volume's chain still leads to the records after it (legacy ids).
   */
  async erase(id: string): Promise<void> {
    if (!isFileId(id)) return;
    if (!isVolumeId(id)) return this.eraseOneFile(id);
    const record = await this.locate(id);
    const handle = record && (await openIfThere(this.volumePath(record.location.volume), 'r+'));
    if (!record || !handle) return;
    try {
      await handle.write(encodeErasedHeader(record.location.cookie, record.length), 0, HEADER_BYTES, record.location.offset);
      await handle.datasync();
      await overwriteWithZeros(handle, record.location.offset + HEADER_BYTES, record.length);
    } finally {
      await handle.close();
    }
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

  /** The record an id names, unless it was erased. */
  private async find(id: string): Promise<FoundRecord | null> {
    const record = await this.locate(id);
    return record && !record.erased ? record : null;
  }

  /**
   * The record an id names, erased or not, or null. The header must agree with the id: an
   * authenticated id says where the record is and how long; a legacy id is trusted only at a real
   * start of a record.
   */
  private async locate(id: string): Promise<FoundRecord | null> {
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
    const handle = await openIfThere(this.volumePath(location.volume), 'r');
    if (!handle) return null;
    try {
      return await headerAt(handle, location);
    } finally {
      await handle.close();
    }
  }

  /** Read again after each chunk of a record streamed (IntactFileStream). */
  private async stillServed(handle: FileHandle, record: FoundRecord): Promise<boolean> {
    const header = await headerAt(handle, record.location);
    return header !== null && !header.erased && header.length === record.length;
  }

  private volumePath(volume: string): string {
    return join(this.root, `${volume}.vol`);
  }

  private async statOneFile(id: string): Promise<StoredFileInfo | null> {
    const info = await statIfThere(this.oneFilePath(id));
    return info && { size: info.size, etag: fileEtag(id, info.size), lastModified: info.mtime };
  }

  /** Served while the path still names the file opened: an erase renames it away before overwriting it. */
  private async openOneFile(id: string, range?: ByteRange): Promise<Readable> {
    const path = this.oneFilePath(id);
    const handle = await openIfThere(path, 'r');
    if (!handle) throw new NoSuchFile(id);
    let opened: Stats;
    try {
      opened = await handle.stat();
    } catch (error) {
      await handle.close();
      throw error;
    }
    const [from, to] = range ? [range.start, range.end] : [0, opened.size - 1];
    return new IntactFileStream(id, handle, from, to, async () => (await statIfThere(path))?.ino === opened.ino);
  }

  /** Renamed away first, then overwritten with zeros and synced, then unlinked; erasing again finishes a rename left by a crash. */
  private async eraseOneFile(id: string): Promise<void> {
    const path = this.oneFilePath(id);
    const erasing = `${path}.erasing`;
    try {
      await rename(path, erasing);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const handle = await openIfThere(erasing, 'r+');
    if (!handle) return;
    try {
      await overwriteWithZeros(handle, 0, (await handle.stat()).size);
    } finally {
      await handle.close();
    }
    await unlink(erasing);
    await syncFolder(dirname(path));
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

/** The header at `location` if it is a record header with the location's cookie. */
async function headerAt(handle: FileHandle, location: RecordLocation): Promise<RecordHeader | null> {
  const header = Buffer.alloc(HEADER_BYTES);
  const { bytesRead } = await handle.read(header, 0, HEADER_BYTES, location.offset);
  return bytesRead === HEADER_BYTES ? decodeHeader(header, location.cookie) : null;
}

async function openIfThere(path: string, flags: 'r' | 'r+'): Promise<FileHandle | null> {
  try {
    return await open(path, flags);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function statIfThere(path: string): Promise<Stats | null> {
  try {
    return await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
