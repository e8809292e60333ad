import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

describe('hosted files', () => {
  let t: TestApp;
  let path: string;
  let size: number;
  beforeAll(async () => {
    t = await startTestApp();
    const ws = await t.createWorkspace('business');
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'kpi-dashboard', data: sample('kpi-dashboard') }).expect(200);
    path = new URL(res.body.pdfUrl).pathname;
    size = Number(res.headers['x-pdf-size-bytes']);
  });
  afterAll(() => t.close());

  it('serves the PDF without a key, cacheable forever', async () => {
    const res = await t.http.get(path).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toMatch(/^"[^"]+"$/);
    expect(Number(res.headers['content-length'])).toBe(size);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await t.http.head(path).expect(200);
    expect(Number(res.headers['content-length'])).toBe(size);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.text ?? '').toBe('');
  });

  it('serves byte ranges', async () => {
    const res = await t.http.get(path).set('Range', 'bytes=0-4').expect(206);
    expect(res.headers['content-range']).toBe(`bytes 0-4/${size}`);
    expect(Buffer.from(res.body ?? res.text).toString('latin1')).toBe('%PDF-');
    const tail = await t.http.get(path).set('Range', 'bytes=-10').expect(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const bad = await t.http.get(path).set('Range', `bytes=${size + 10}-`).expect(416);
    expect(bad.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.http.get(path).expect(200);
    await t.http.get(path).set('If-None-Match', first.headers['etag']).expect(304);
    await t.http.get(path).set('If-None-Match', `"other", W/${first.headers['etag']}`).expect(304);
    await t.http.get(path).set('If-None-Match', '"other"').expect(200);
  });

  it('answers 404 in the contract shape for unknown or malformed ids', async () => {
    for (const p of ['/files/AAAAAAAAAAAAAAAAAAAAAAAA.pdf', '/files/../../etc/passwd', '/files/x.pdf', path.replace('.pdf', '.txt')]) {
      const res = await t.http.get(p);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('survives a restart of the service', async () => {
    const again = await startTestApp({ DATA_DIR: t.config.dataDir });
    try {
      await again.http.get(path).expect(200);
    } finally {
      await again.app.close();
    }
  });
});
