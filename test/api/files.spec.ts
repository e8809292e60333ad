import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TINY_JPEG } from '../support/images';
import { legacyIdOf } from '../support/legacy-file-id';
import { sample } from '../support/samples';
import { adaptersFromEnv } from '../support/scaled-out';
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

  it('answers GET, HEAD and the preflight of a cross-origin read with CORS, exposing the size, range and version', async () => {
    const expose = ['content-length', 'content-range', 'etag'];
    for (const res of [await t.http.get(path).set('Origin', 'https://app.example').expect(200), await t.http.head(path).set('Origin', 'https://app.example').expect(200)]) {
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-expose-headers'].toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(expose));
    }
    const preflight = await t.http.options(path).set('Origin', 'https://app.example').set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'range').expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(preflight.headers['access-control-allow-headers'].toLowerCase()).toContain('range');
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

  // The local store's volumes; an S3 bucket holds no records to forge ids for.
  const onDisk = adaptersFromEnv().files === 'disk' ? it : it.skip;
  onDisk('refuses ids forged to reach a record header planted in a PDF (issue 11)', async () => {
    const victim = await t.createWorkspace('business');
    const attacker = await t.createWorkspace('free');
    const a = await t.http.post('/api/v1/generate').set('X-API-Key', victim.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic') }).expect(200);
    const idA = fileIdOf(a.body.pdfUrl);
    // A JPEG whose comment segment is a record header with A's cookie and a 50 MiB length.
    const fake = Buffer.concat([Buffer.from('PDFV', 'latin1'), Buffer.from(idA, 'base64url').subarray(0, 18), Buffer.alloc(2), u32le(50 * 1024 * 1024), Buffer.alloc(8)]);
    const jpeg = withComment(TINY_JPEG, fake);
    const headerTemplate = `<img src="data:image/jpeg;base64,${jpeg.toString('base64')}">`;
    await t.http
      .post('/api/v1/generate')
      .set('X-API-Key', attacker.key)
      .send({ templateId: 'invoice-basic', data: sample('invoice-basic'), options: { displayHeaderFooter: true, headerTemplate } })
      .expect(200);
    const files = join(t.config.dataDir, 'files');
    const volume = readdirSync(files).find((name) => readFileSync(join(files, name)).includes(fake));
    expect(volume).toBeDefined(); // the fake header is on disk, inside the attacker's PDF

    const raw = Buffer.from(idA, 'base64url');
    for (let bit = 0; bit < raw.length * 8; bit++) {
      const forged = Buffer.from(raw);
      forged[bit >> 3] ^= 1 << (bit & 7);
      await t.http.head(`/files/${forged.toString('base64url')}.pdf`).expect(404);
    }
    // Even an id in the format of earlier versions, sealed with the store's own key, gets nothing there.
    const key = readFileSync(join(files, 'volumes.key'));
    const offset = readFileSync(join(files, volume!)).indexOf(fake);
    await t.http.head(`/files/${legacyIdOf(key, { cookie: fake.subarray(4, 22), volume: volume!.slice(0, 12), offset })}.pdf`).expect(404);
    const whole = await t.http.get(new URL(a.body.pdfUrl).pathname).expect(200);
    expect(Number(whole.headers['content-length'])).toBe(Number(a.headers['x-pdf-size-bytes']));
  });
});

function fileIdOf(pdfUrl: string): string {
  return new URL(pdfUrl).pathname.replace(/^\/files\/|\.pdf$/g, '');
}

/** The JPEG with a COM segment holding `text` right after its start marker. */
function withComment(jpeg: Buffer, text: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, jpeg.subarray(2)]);
}

function u32le(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}
