import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

const mode = (path: string) => statSync(path).mode & 0o777;

/** Issue 11 section 6 (headers, file modes, metrics token, method and encoding answers) and the lone-surrogate rule. */
describe('hardening', () => {
  let t: TestApp;
  let ws: { id: string; key: string };

  beforeAll(async () => {
    t = await startTestApp();
    ws = await t.createWorkspace('business');
  });
  afterAll(() => t.close());

  const generateRaw = (body: string) => t.http.post('/api/v1/generate').set('X-API-Key', ws.key).set('Content-Type', 'application/json').send(body);
  const invoiceJson = () => JSON.stringify({ templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64' });

  describe('security headers', () => {
    const expectSecurityHeaders = (res: Response) => {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    };

    it('are on every kind of answer: success, error, unknown route, metrics, docs, hosted files', async () => {
      for (const res of [
        await t.http.get('/healthz').expect(200),
        await t.http.get('/api/v1/templates').set('X-API-Key', ws.key).expect(200),
        await t.http.post('/api/v1/generate').send({}).expect(401),
        await t.http.get('/nope').expect(404),
        await t.http.get('/metrics').expect(200),
        await t.http.get('/docs/').expect(200),
        await t.http.get('/files/AAAAAAAAAAAAAAAAAAAAAAAA.pdf').expect(404),
      ]) {
        expectSecurityHeaders(res);
      }
    });

    it('forbid framing the API, but let other sites embed a hosted PDF', async () => {
      const api = await t.http.get('/healthz');
      expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
      const res = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic') }).expect(200);
      const file = await t.http.get(new URL(res.body.pdfUrl).pathname).expect(200);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['x-frame-options']).toBeUndefined();
      expect(file.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('keep /docs working: every script and stylesheet is same-origin, served with its own type, no inline script', async () => {
      for (const page of ['/docs', '/docs/']) {
        const res = await t.http.get(page).expect(200);
        const csp = res.headers['content-security-policy'];
        expect(csp).toContain("script-src 'self'");
        expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/); // the page carries an inline <style>
        expect(csp).toMatch(/connect-src 'self'[^;]* http:\/\/localhost:\d+/); // "Try it out" calls PUBLIC_URL
        expect(res.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
        const assets = [...res.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1], `http://x${page}`).pathname);
        expect(assets).toEqual(expect.arrayContaining(['/docs/swagger-ui-bundle.js', '/docs/swagger-ui-init.js', '/docs/swagger-ui.css']));
        for (const asset of assets) {
          const loaded = await t.http.get(asset).expect(200);
          const type = asset.endsWith('.js') ? /javascript/ : asset.endsWith('.css') ? /^text\/css/ : /^image\//;
          expect(loaded.headers['content-type']).toMatch(type);
        }
      }
      // Swagger UI's default validator badge is an image from validator.swagger.io, which the CSP would block.
      expect((await t.http.get('/docs/swagger-ui-init.js').expect(200)).text).toMatch(/"validatorUrl": null/);
    });
  });

  describe('405 Method not allowed', () => {
    it.each([
      ['delete', '/api/v1/generate', 'POST'],
      ['get', '/api/v1/generate', 'POST'],
      ['put', '/v1/generate', 'POST'],
      ['post', '/healthz', 'GET, HEAD'],
      ['post', '/v1/templates/invoice-basic/schema', 'GET, HEAD'],
      ['patch', '/files/AAAAAAAAAAAAAAAAAAAAAAAA.pdf', 'DELETE, GET, HEAD, OPTIONS'],
      ['post', '/openapi.json', 'GET, HEAD'],
      ['put', '/admin/v1/workspaces', 'GET, HEAD, POST'],
      ['get', '/admin/v1/workspaces/x/keys/y', 'DELETE'],
    ] as const)('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
      const res = await t.http[method](path).set('X-API-Key', ws.key);
      expectError(res, 405, 'Method not allowed', 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe(allow);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('also for HEAD, without a body', async () => {
      const res = await t.http.head('/api/v1/generate').expect(405);
      expect(res.headers.allow).toBe('POST');
    });

    it('unknown paths still answer 404', async () => {
      expectError(await t.http.delete('/api/v1/nope'), 404, 'Not found', 'NOT_FOUND');
      expectError(await t.http.post('/healthz/extra'), 404, 'Not found', 'NOT_FOUND');
      expectError(await t.http.get('/api/v2/generate'), 404, 'Not found', 'NOT_FOUND');
    });
  });

  it.each(['http://[::127.0.0.1]/hook', 'http://[::a9fe:a9fe]/latest'])('refuses the IPv4-compatible webhook target %s', async (url) => {
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url } });
    expectError(res, 400, 'Invalid webhook URL', 'INVALID_WEBHOOK_URL');
    expect(res.body.details).toMatch(/\(ipv4Compatible\)\. WEBHOOK_ALLOW_PRIVATE=true/);
  });

  describe('request bodies', () => {
    it('accepts a UTF-8 byte order mark before the JSON', async () => {
      // Sent as UTF-8, U+FEFF is the bytes EF BB BF.
      const res = await generateRaw(`\uFEFF${invoiceJson()}`).expect(200);
      expect(res.body.success).toBe(true);
    });

    it.each(['gzip', 'br', 'deflate, identity'])("answers 415 to Content-Encoding '%s'", async (encoding) => {
      // Refused on the header alone, before the body is read.
      const res = await generateRaw(invoiceJson()).set('Content-Encoding', encoding);
      expectError(res, 415, `Content-Encoding '${encoding.split(',')[0]}' is not supported`, 'UNSUPPORTED_CONTENT_ENCODING');
    });

    it('takes Content-Encoding: identity as no encoding', async () => {
      await generateRaw(invoiceJson()).set('Content-Encoding', 'Identity').expect(200);
    });

    it.each([
      ['invoice-basic', 'invoiceNumber', '\\ud83d'],
      ['weekly-report', 'reportTitle', '\\uD83D'],
      ['calendar-schedule', 'projectTitle', '\\uDE00'],
      ['kpi-dashboard', 'title', '\\udfff'],
    ] as const)('renders %s whose %s holds a lone surrogate %s (a client cutting an emoji in half)', async (templateId, field, escape) => {
      const data = { ...sample(templateId), [field]: 'Report MARKER' };
      const body = JSON.stringify({ templateId, data, outputFormat: 'base64' }).replace('MARKER', escape);
      const res = await generateRaw(body).expect(200);
      expect(res.body.success).toBe(true);
    });
  });
});

describe('hardening: METRICS_TOKEN, no ADMIN_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: token, ADMIN_TOKEN: '' });
  });
  afterAll(() => t.close());

  it('/metrics needs Authorization: Bearer <METRICS_TOKEN>', async () => {
    const missing = await t.http.get('/metrics');
    expectError(missing, 401, 'Invalid metrics token', 'INVALID_METRICS_TOKEN');
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expectError(await t.http.get('/metrics').set('Authorization', 'Bearer wrong'), 401, 'Invalid metrics token', 'INVALID_METRICS_TOKEN');
    expectError(await t.http.get('/metrics').set('Authorization', `Bearer ${token}x`), 401, 'Invalid metrics token', 'INVALID_METRICS_TOKEN');
    const res = await t.http.get('/metrics').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.text).toContain('pdfgen_http_requests_total');
  });

  it('the operator API stays absent (404, not 405) without ADMIN_TOKEN', async () => {
    expectError(await t.http.put('/admin/v1/workspaces'), 404, 'Not found', 'NOT_FOUND');
    expectError(await t.http.get('/admin/v1/workspaces/x/keys/y'), 404, 'Not found', 'NOT_FOUND');
  });
});

describe('hardening: file modes', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'pdfgen-modes-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the data folder 0700 and the SQLite database with its -wal and -shm 0600, also tightening an older 0644 database', async () => {
    const dataDir = join(root, 'nested', 'data');
    const database = join(dataDir, 'pdfgen.sqlite');
    let t = await startTestApp({ DATA_DIR: dataDir });
    try {
      expect(mode(dataDir)).toBe(0o700);
      for (const file of [database, `${database}-wal`, `${database}-shm`]) expect([file, mode(file)]).toEqual([file, 0o600]);
    } finally {
      await t.close();
    }
    chmodSync(database, 0o644);
    t = await startTestApp({ DATA_DIR: dataDir });
    try {
      for (const file of [database, `${database}-wal`, `${database}-shm`]) expect([file, mode(file)]).toEqual([file, 0o600]);
    } finally {
      await t.close();
    }
  });
});
