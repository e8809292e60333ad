import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DiskFileStore } from '../../src/files/disk/disk-file-store';
import { fileEtag, isFileId, newFileId } from '../../src/files/file-id';
import { FileStore, NoSuchFile } from '../../src/files/file-store.port';
import { S3FileStore } from '../../src/files/s3-file-store';
import { startS3Server } from '../support/s3-server';

/** Two stores on the same storage (two replicas), and one that cannot be used. */
interface FilesUnderTest {
  one: FileStore;
  two: FileStore;
  unusable: FileStore;
  tearDown(): Promise<void>;
}

/** The three stores, closed with `cleanUp` after them when the suite ends. */
function underTest([one, two, unusable]: Array<FileStore & { onModuleDestroy(): void }>, cleanUp: () => Promise<void>): FilesUnderTest {
  return {
    one,
    two,
    unusable,
    async tearDown() {
      [one, two, unusable].forEach((store) => store.onModuleDestroy());
      await cleanUp();
    },
  };
}

const adapters: Array<{ name: string; setUp(): Promise<FilesUnderTest> }> = [
  {
    name: 'disk',
    async setUp() {
      const dir = mkdtempSync(join(tmpdir(), 'pdfgen-files-'));
      writeFileSync(join(dir, 'not-a-folder'), '');
      const stores = [join(dir, 'files'), join(dir, 'files'), join(dir, 'not-a-folder', 'files')].map((root) => new DiskFileStore(root));
      return underTest(stores, async () => rmSync(dir, { recursive: true, force: true }));
    },
  },
  {
    name: 'S3',
    async setUp() {
      const dir = mkdtempSync(join(tmpdir(), 'pdfgen-s3-'));
      const server = await startS3Server(dir, ['pdfs']);
      const stores = ['pdfs', 'pdfs', 'no-such-bucket'].map((bucket) => S3FileStore.fromConfig(server.config(bucket)));
      return underTest(stores, async () => {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      });
    },
  },
];

describe.each(adapters)('file store contract: $name', (adapter) => {
  let files: FilesUnderTest;
  /** Larger than one stream chunk, so streaming and ranges cross chunk boundaries. */
  const bytes = randomBytes(300_000);
  let id: string;

  beforeAll(async () => {
    files = await adapter.setUp();
    ({ id } = await files.one.save(bytes));
  });
  afterAll(() => files?.tearDown());

  it('describes a saved file the same way on every replica', async () => {
    const { size, etag, lastModified } = (await files.two.stat(id))!;
    expect({ size, etag }).toEqual({ size: bytes.length, etag: fileEtag(id, bytes.length) });
    expect(Math.abs(lastModified.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('streams the whole file back', async () => {
    expect((await buffer(await files.two.open(id))).equals(bytes)).toBe(true);
  });

  it('streams exactly the inclusive byte range asked for', async () => {
    for (const range of [{ start: 0, end: 4 }, { start: 70_000, end: 200_123 }, { start: bytes.length - 1, end: bytes.length - 1 }]) {
      const part = await buffer(await files.two.open(id, range));
      expect(part.equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
    }
  });

  it('names each file with a new id, and keeps concurrent saves apart', async () => {
    const contents = Array.from({ length: 12 }, (_, i) => randomBytes(1_000 + i * 997));
    const saved = await Promise.all(contents.map((content) => files.one.save(content)));
    expect(new Set(saved.map((file) => file.id)).size).toBe(contents.length);
    for (const [i, file] of saved.entries()) {
      expect(isFileId(file.id)).toBe(true);
      expect(file).toMatchObject({ size: contents[i].length, etag: fileEtag(file.id, contents[i].length) });
      expect((await buffer(await files.two.open(file.id))).equals(contents[i])).toBe(true);
    }
  });

  it('knows nothing of an id never saved', async () => {
    expect(await files.two.stat(newFileId())).toBeNull();
  });

  it('erases a file for good on every replica, and no other file', async () => {
    const contents = [randomBytes(40_000), randomBytes(90_000), randomBytes(40_000)];
    const [before, erased, after] = await Promise.all(contents.map((content) => files.one.save(content)));
    (await files.two.open(erased.id)).destroy(); // a replica that read the file before it was erased
    await files.one.erase(erased.id);
    for (const replica of [files.one, files.two]) {
      expect(await replica.stat(erased.id)).toBeNull();
      await expect(replica.open(erased.id)).rejects.toBeInstanceOf(NoSuchFile);
      await expect(replica.open(erased.id, { start: 0, end: 9 })).rejects.toBeInstanceOf(NoSuchFile);
    }
    expect((await buffer(await files.two.open(before.id))).equals(contents[0])).toBe(true);
    expect((await buffer(await files.two.open(after.id))).equals(contents[2])).toBe(true);
    expect((await buffer(await files.two.open(id))).equals(bytes)).toBe(true);
  });

  it('erases on any replica what another saved, and erasing again or an unknown id changes nothing', async () => {
    const content = randomBytes(5_000);
    const saved = await files.one.save(content);
    await files.two.erase(saved.id);
    expect(await files.one.stat(saved.id)).toBeNull();
    await expect(files.one.erase(saved.id)).resolves.toBeUndefined();
    await expect(files.two.erase(newFileId())).resolves.toBeUndefined();
    expect((await buffer(await files.one.open(id))).equals(bytes)).toBe(true);
  });

  it('gives a read racing an erase a prefix of the file, never other bytes', async () => {
    const content = randomBytes(1_000_000);
    const saved = await files.one.save(content);
    const stream = await files.two.open(saved.id);
    const read = [await firstChunkOf(stream)];
    await files.one.erase(saved.id);
    let failure: unknown;
    try {
      for await (const chunk of stream) read.push(chunk);
    } catch (error) {
      failure = error;
    }
    const got = Buffer.concat(read);
    expect(got.equals(content.subarray(0, got.length))).toBe(true);
    if (got.length < content.length) expect(failure).toBeInstanceOf(NoSuchFile);
    expect(await files.two.stat(saved.id)).toBeNull();
  });

  it('answers the readiness ping only when usable', async () => {
    await expect(files.one.ping()).resolves.toBeUndefined();
    await expect(files.unusable.ping()).rejects.toThrow();
  });
});

/** The stream's first chunk; the stream is left paused after it, its later error kept for the next reader. */
function firstChunkOf(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    stream.on('error', reject);
    stream.once('data', (chunk: Buffer) => {
      stream.pause();
      resolve(chunk);
    });
  });
}
