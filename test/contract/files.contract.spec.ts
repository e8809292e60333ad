import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DiskFileStore } from '../../src/files/disk-file-store';
import { fileEtag, newFileId } from '../../src/files/file-id';
import type { FileStore } from '../../src/files/file-store.port';
import { S3FileStore } from '../../src/files/s3-file-store';
import { startS3Server } from '../support/s3-server';

/** Two stores on the same storage (two replicas), and one that cannot be used. */
interface FilesUnderTest {
  one: FileStore;
  two: FileStore;
  unusable: FileStore;
  tearDown(): Promise<void>;
}

const adapters: Array<{ name: string; setUp(): Promise<FilesUnderTest> }> = [
  {
    name: 'disk',
    async setUp() {
      const dir = mkdtempSync(join(tmpdir(), 'pdfgen-files-'));
      writeFileSync(join(dir, 'not-a-folder'), '');
      return {
        one: new DiskFileStore(join(dir, 'files')),
        two: new DiskFileStore(join(dir, 'files')),
        unusable: new DiskFileStore(join(dir, 'not-a-folder', 'files')),
        tearDown: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3',
    async setUp() {
      const dir = mkdtempSync(join(tmpdir(), 'pdfgen-s3-'));
      const server = await startS3Server(dir, ['pdfs']);
      const stores = [S3FileStore.fromConfig(server.config('pdfs')), S3FileStore.fromConfig(server.config('pdfs')), S3FileStore.fromConfig(server.config('no-such-bucket'))];
      return {
        one: stores[0],
        two: stores[1],
        unusable: stores[2],
        async tearDown() {
          stores.forEach((store) => store.onModuleDestroy());
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe.each(adapters)('file store contract: $name', (adapter) => {
  let files: FilesUnderTest;
  /** Larger than one stream chunk, so streaming and ranges cross chunk boundaries. */
  const bytes = randomBytes(300_000);
  const id = newFileId();

  beforeAll(async () => {
    files = await adapter.setUp();
    await files.one.save(id, bytes);
  });
  afterAll(() => files?.tearDown());

  it('describes a saved file the same way on every replica', async () => {
    const { size, etag, lastModified } = (await files.two.stat(id))!;
    expect({ size, etag }).toEqual({ size: bytes.length, etag: fileEtag(id, bytes.length) });
    expect(Math.abs(lastModified.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('streams the whole file back', async () => {
    expect((await readAll(await files.two.open(id))).equals(bytes)).toBe(true);
  });

  it('streams exactly the inclusive byte range asked for', async () => {
    for (const range of [{ start: 0, end: 4 }, { start: 70_000, end: 200_123 }, { start: bytes.length - 1, end: bytes.length - 1 }]) {
      const part = await readAll(await files.two.open(id, range));
      expect(part.equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
    }
  });

  it('knows nothing of an id never saved', async () => {
    expect(await files.two.stat(newFileId())).toBeNull();
  });

  it('answers the readiness ping only when usable', async () => {
    await expect(files.one.ping()).resolves.toBeUndefined();
    await expect(files.unusable.ping()).rejects.toThrow();
  });
});
