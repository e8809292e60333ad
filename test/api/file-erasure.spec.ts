import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileOwners } from '../../src/files/file-owners';
import { binary } from '../support/binary';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

interface Generated {
  /** `/files/<id>.pdf` */
  path: string;
  id: string;
  bytes: Buffer;
}

describe('erasing a hosted file (DELETE /files/<id>.pdf)', () => {
  let t: TestApp;
  /** A second replica on the same data folder, database and bucket. */
  let replica: TestApp;
  let maker: { id: string; key: string };
  let stranger: { id: string; key: string };

  beforeAll(async () => {
    t = await startTestApp();
    replica = await startTestApp({ DATA_DIR: t.config.dataDir });
    maker = await t.createWorkspace('business');
    stranger = await t.createWorkspace('business');
  });
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  });

  /** A PDF of `maker`'s, with data no other PDF of the suite has. */
  async function generate(): Promise<Generated> {
    const data = { ...sample('invoice-basic'), invoiceNumber: `INV-${randomBytes(6).toString('hex')}` };
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', maker.key).send({ templateId: 'invoice-basic', data }).expect(200);
    const path = new URL(res.body.pdfUrl).pathname;
    const file = await t.http.get(path).buffer(true).parse(binary).expect(200);
    return { path, id: path.replace(/^\/files\/|\.pdf$/g, ''), bytes: file.body as Buffer };
  }

  it('erases with a key of the workspace that made the file: 204, then 404 on every replica, for every kind of read', async () => {
    const file = await generate();
    const etag = (await replica.http.head(file.path).expect(200)).headers['etag'];

    const res = await t.http.delete(file.path).set('X-API-Key', maker.key).expect(204);
    expect(res.text ?? '').toBe('');
    for (const app of [t, replica]) {
      expectError(await app.http.get(file.path), 404, 'Not found', 'NOT_FOUND');
      expectError(await app.http.get(file.path).set('Range', 'bytes=0-4'), 404, 'Not found', 'NOT_FOUND');
      expectError(await app.http.get(file.path).set('If-None-Match', etag), 404, 'Not found', 'NOT_FOUND');
      const head = await app.http.head(file.path).expect(404);
      expect(head.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    }
    expectError(await replica.http.delete(file.path).set('X-API-Key', maker.key), 404, 'Not found', 'NOT_FOUND');
  });

  it('leaves no idempotent answer that hands out the erased file: a repeat renders again, with a link that works', async () => {
    const request = { templateId: 'invoice-basic', data: { ...sample('invoice-basic'), invoiceNumber: `INV-${randomBytes(6).toString('hex')}` } };
    const send = () => t.http.post('/api/v1/generate').set('X-API-Key', maker.key).set('Idempotency-Key', `erase-${request.data.invoiceNumber}`).send(request).expect(200);
    const first = await send();
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.pdfUrl).toBe(first.body.pdfUrl);

    await t.http.delete(new URL(first.body.pdfUrl).pathname).set('X-API-Key', maker.key).expect(204);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.pdfUrl).not.toBe(first.body.pdfUrl);
    await t.http.get(new URL(again.body.pdfUrl).pathname).expect(200);
    expect((await send()).headers['idempotent-replayed']).toBe('true');
  });

  it("answers another workspace's key 404 and keeps serving the file; the maker's key works as a Bearer token too", async () => {
    const file = await generate();
    expectError(await t.http.delete(file.path).set('X-API-Key', stranger.key), 404, 'Not found', 'NOT_FOUND');
    expect((await t.http.get(file.path).buffer(true).parse(binary).expect(200)).body.equals(file.bytes)).toBe(true);
    await t.http.delete(file.path).set('Authorization', `Bearer ${maker.key}`).expect(204);
  });

  it('answers 404 to malformed and unknown ids and to files without a recorded owner, 401 without a key', async () => {
    const file = await generate();
    for (const path of ['/files/x.pdf', '/files/AAAAAAAAAAAAAAAAAAAAAAAA.pdf', `/files/${file.id}`, file.path.replace('.pdf', '.txt'), '/files/..%2F..%2Fetc%2Fpasswd']) {
      expectError(await t.http.delete(path).set('X-API-Key', maker.key), 404, 'Not found', 'NOT_FOUND');
    }
    expectError(await t.http.delete(file.path), 401, 'Missing API key', 'MISSING_API_KEY');

    // As a file saved before owners were recorded: served, but no key can erase it.
    await t.app.get(FileOwners).forget(file.id, maker.id);
    expectError(await t.http.delete(file.path).set('X-API-Key', maker.key), 404, 'Not found', 'NOT_FOUND');
    expect((await t.http.get(file.path).buffer(true).parse(binary).expect(200)).body.equals(file.bytes)).toBe(true);
  });

  it('leaves no copy of the erased bytes anywhere under DATA_DIR, while the same scan still finds a PDF kept', async () => {
    const [erased, kept] = [await generate(), await generate()];
    // Windows found once in the whole folder before: the PDF's own copy, nothing shared with another file.
    const before = filesUnder(t.config.dataDir);
    const ownWindows = (pdf: Buffer) => windowsOf(pdf).filter((window) => occurrences(before, window) === 1);
    const [erasedWindows, keptWindows] = [ownWindows(erased.bytes), ownWindows(kept.bytes)];
    expect(erasedWindows.length).toBeGreaterThanOrEqual(16);
    expect(keptWindows.length).toBeGreaterThanOrEqual(16);

    await t.http.delete(erased.path).set('X-API-Key', maker.key).expect(204);
    const after = filesUnder(t.config.dataDir);
    expect(erasedWindows.map((window) => occurrences(after, window))).toEqual(erasedWindows.map(() => 0));
    expect(keptWindows.map((window) => occurrences(after, window))).toEqual(keptWindows.map(() => 1));
    expect((await replica.http.get(kept.path).buffer(true).parse(binary).expect(200)).body.equals(kept.bytes)).toBe(true);
  });
});

const WINDOW_BYTES = 32;

/** 64 windows spread evenly across the PDF, from its first byte to its last. */
function windowsOf(pdf: Buffer): Buffer[] {
  const step = Math.floor((pdf.length - WINDOW_BYTES) / 63);
  return Array.from({ length: 64 }, (_, i) => pdf.subarray(i * step, i * step + WINDOW_BYTES));
}

/** The contents of every file under `dir`: volumes, the database and its -wal and -shm, S3 objects, keys, anything. */
function filesUnder(dir: string): Buffer[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)));
}

function occurrences(files: Buffer[], window: Buffer): number {
  let count = 0;
  for (const bytes of files) {
    for (let at = bytes.indexOf(window); at !== -1; at = bytes.indexOf(window, at + 1)) count++;
  }
  return count;
}
