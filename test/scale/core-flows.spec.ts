import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FILE_STORE } from '../../src/files/file-store.port';
import { S3FileStore } from '../../src/files/s3-file-store';
import { binary } from '../support/binary';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

/** The core flows with the scaled-out configuration: DATABASE_URL (PostgreSQL) and S3_BUCKET set. */
describe('core flows on PostgreSQL and S3', () => {
  let t: TestApp;
  let ws: { id: string; key: string };
  let pdf: Buffer;
  let path: string;

  beforeAll(async () => {
    t = await startTestApp({}, { store: 'postgres', files: 's3' });
    ws = await t.createWorkspace('business');
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic') }).expect(200);
    path = new URL(res.body.pdfUrl).pathname;
    pdf = (await t.http.get(path).buffer(true).parse(binary).expect(200)).body;
  });
  afterAll(() => t?.close());

  it('runs on the adapters the configuration names, and is ready', async () => {
    expect(t.app.get<DataSource>(getDataSourceToken()).options.type).toBe('postgres');
    expect(t.app.get(FILE_STORE)).toBeInstanceOf(S3FileStore);
    expect((await t.http.get('/readyz').expect(200)).body.checks).toEqual({ database: 'ok', files: 'ok' });
  });

  it('hosts the generated PDF in the bucket, not on local disk', async () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(existsSync(join(t.config.dataDir, 'files'))).toBe(false);
    const head = await t.http.head(path).expect(200);
    expect(head.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^"[^"]+"$/),
    });
  });

  it('serves byte ranges from the bucket', async () => {
    const middle = await t.http.get(path).set('Range', 'bytes=100-1099').buffer(true).parse(binary).expect(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-1099/${pdf.length}`);
    expect(middle.body.equals(pdf.subarray(100, 1100))).toBe(true);
    const tail = await t.http.get(path).set('Range', 'bytes=-10').buffer(true).parse(binary).expect(206);
    expect(tail.body.equals(pdf.subarray(-10))).toBe(true);
    await t.http.get(path).set('Range', `bytes=${pdf.length}-`).expect(416);
  });

  it('keeps workspaces, keys and files across a restart', async () => {
    const again = await startTestApp({ DATA_DIR: t.config.dataDir }, { store: 'postgres', files: 's3' });
    try {
      const file = await again.http.get(path).buffer(true).parse(binary).expect(200);
      expect(file.body.equals(pdf)).toBe(true);
      await again.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'weekly-report', data: sample('weekly-report'), outputFormat: 'base64' }).expect(200);
    } finally {
      await again.app.close();
    }
  });

  it('lets exactly the monthly limit through under concurrent requests', async () => {
    const limit = 5;
    const racer = await t.createWorkspace('pro', { monthlyLimit: limit });
    const body = { templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64' };
    const statuses = (await Promise.all(Array.from({ length: 30 }, () => t.http.post('/api/v1/generate').set('X-API-Key', racer.key).send(body)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limit);
    expect((await t.admin.get(`/workspaces/${racer.id}`).expect(200)).body.usage).toMatchObject({ used: limit, remaining: 0 });
  });
});
