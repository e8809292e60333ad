import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileEtag } from './file-id';
import { ByteRange, FileStore, StoredFileInfo } from './file-store.port';

/** Files under `<DATA_DIR>/files/<first two chars>/<id>.pdf`, synced with their folder before save resolves. */
export class DiskFileStore implements FileStore {
  /** Shard folders known to exist: saves a mkdir round trip on nearly every write. */
  private readonly knownDirs = new Set<string>();

  constructor(private readonly root: string) {}

  async save(id: string, bytes: Uint8Array): Promise<StoredFileInfo> {
    const dir = this.dirOf(id);
    if (!this.knownDirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.knownDirs.add(dir);
    }
    // Straight to the final name: the id is new and unpublished until save resolves, so no reader
    // can catch the file half-written, and a temporary name plus rename cost a third more CPU
    // (and one more journal commit) per file. What a crash leaves half-written is never handed out.
    const path = this.pathOf(id);
    const handle = await open(path, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(path, { force: true });
      throw error;
    }
    await handle.close();
    await syncDir(dir);
    return { size: bytes.byteLength, etag: fileEtag(id, bytes.byteLength), lastModified: new Date() };
  }

  async stat(id: string): Promise<StoredFileInfo | null> {
    try {
      const info = await stat(this.pathOf(id));
      return { size: info.size, etag: fileEtag(id, info.size), lastModified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async open(id: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.pathOf(id), range ? { start: range.start, end: range.end } : {});
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await writeFile(join(this.root, '.ready'), '');
  }

  private dirOf(id: string): string {
    return join(this.root, id.slice(0, 2));
  }

  private pathOf(id: string): string {
    return join(this.dirOf(id), `${id}.pdf`);
  }
}

/** Makes the new folder entry durable. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
