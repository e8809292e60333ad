import { readFileSync } from 'node:fs';
import {
  ConnectionError,
  PdfgenClient,
  PdfgenError,
  PdfgenNetworkError,
  QuotaExceededError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../../clients/typescript/src';
import { retryDelayMs } from '../../clients/typescript/src/retry';
import { startTestApp } from '../support/test-app';
import { clientFor, recordingFetch, rejectionOf } from './client-support';
import { FakeAnswer, FakeServer } from './fake-server';

const request = { templateId: 'invoice-basic' as const, data: { invoiceNumber: 'INV-1', client: { name: 'Acme' }, items: [{ description: 'Work' }] } };
const generated = { status: 200, headers: { 'X-Generation-Time-Ms': '12', 'X-PDF-Size-Bytes': '2048', 'X-Usage-Remaining': '99', 'X-Request-Id': 'req-ok' }, body: { success: true, pdfUrl: 'http://files.test/files/abc.pdf', templateId: 'invoice-basic', templateVersion: '1.0.0', generatedAt: '2026-01-01T00:00:00.000Z' } };
const error = (status: number, code: string, headers: Record<string, string> = {}, extra: object = {}): FakeAnswer => ({ status, headers, body: { success: false, error: code, code, requestId: `req-${code}`, ...extra } });

describe('PdfgenClient retries (against a scripted server)', () => {
  let fake: FakeServer;
  const start = async (answers: FakeAnswer[], options: Partial<ConstructorParameters<typeof PdfgenClient>[0]> = {}) => {
    fake = await FakeServer.start(answers);
    return new PdfgenClient({ apiKey: 'pdfg_test', baseUrl: fake.url, retryBaseDelayMs: 20, ...options });
  };
  const idempotencyKeys = () => fake.requests.map((r) => r.headers['idempotency-key']);
  afterEach(() => fake?.close());

  it('retries a 503 after its Retry-After, sending the same Idempotency-Key', async () => {
    const client = await start([error(503, 'SERVER_BUSY', { 'Retry-After': '1' }), generated]);
    const result = await client.generate(request);
    expect(result).toMatchObject({ outputFormat: 'url', pdfUrl: 'http://files.test/files/abc.pdf', requestId: 'req-ok', generationTimeMs: 12, pdfSizeBytes: 2048, usageRemaining: 99 });
    const [first, second] = fake.requests;
    expect(fake.requests).toHaveLength(2);
    expect(first.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(result.idempotencyKey).toBe(first.headers['idempotency-key']);
    expect(second.body).toBe(first.body);
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(990);
  });

  it("uses the caller's Idempotency-Key, and waits out 409 IDEMPOTENCY_KEY_IN_PROGRESS and 429 RATE_LIMITED", async () => {
    const client = await start([error(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', { 'Retry-After': '0' }), error(429, 'RATE_LIMITED', { 'Retry-After': '0' }), generated]);
    await client.generate(request, { idempotencyKey: 'order-1042' });
    expect(idempotencyKeys()).toEqual(['order-1042', 'order-1042', 'order-1042']);
  });

  it('retries a cut connection with back-off, and a 503 that is not the API\'s JSON', async () => {
    const client = await start(['drop', { status: 503, body: '<html>Service Unavailable</html>' }, generated]);
    await client.generate(request);
    expect(fake.requests).toHaveLength(3);
    expect(new Set(idempotencyKeys()).size).toBe(1);
  });

  it("retries a proxy's 502 and 504 for generate, whose Idempotency-Key makes a repeat safe", async () => {
    const client = await start([{ status: 502, body: '<html>Bad Gateway</html>' }, { status: 504, body: '<html>Gateway Timeout</html>' }, generated]);
    expect(await client.generate(request)).toMatchObject({ outputFormat: 'url', requestId: 'req-ok' });
    expect(fake.requests).toHaveLength(3);
    expect(new Set(idempotencyKeys()).size).toBe(1);
  });

  it('does not send templates.create again after a 502 or 504: the server behind the proxy may have acted', async () => {
    for (const status of [502, 504]) {
      const client = await start([{ status, body: '<html>proxy</html>' }]);
      const thrown = await rejectionOf(client.templates.create({ name: 'Greeting', schema: { type: 'object' }, layout: { body: [] } }));
      expect(thrown).toBeInstanceOf(ServerError);
      expect(thrown).toMatchObject({ status, code: 'UNEXPECTED_RESPONSE' });
      expect(fake.requests).toHaveLength(1);
      await fake.close();
    }
  });

  it('names itself and its version in the User-Agent', async () => {
    const { version } = JSON.parse(readFileSync('clients/typescript/package.json', 'utf8'));
    const client = await start([generated]);
    await client.generate(request);
    expect(fake.requests[0].headers['user-agent']).toBe(`pdfgen-typescript/${version}`);
  });

  it('throws errors by kind: RATE_LIMITED and QUOTA_EXCEEDED apart, 5xx as ServerError', async () => {
    const client = await start([error(429, 'RATE_LIMITED', { 'Retry-After': '60' }), error(500, 'GENERATION_FAILED')], { retryMaxDelayMs: 1000 });
    const limited = await rejectionOf(client.generate(request));
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited).toMatchObject({ name: 'RateLimitError', status: 429, retryAfterSeconds: 60 });
    const failed = await rejectionOf(client.generate(request));
    expect(failed).toBeInstanceOf(ServerError);
    expect(failed).toBeInstanceOf(PdfgenError);
    expect(failed).toMatchObject({ name: 'ServerError', status: 500, code: 'GENERATION_FAILED' });
  });

  it('does not retry 429 QUOTA_EXCEEDED: a used-up month does not get better by waiting', async () => {
    const client = await start([error(429, 'QUOTA_EXCEEDED', { 'Retry-After': '86400' }, { limit: 100, used: 100, remaining: 0 })]);
    const thrown = await rejectionOf(client.generate(request));
    expect(thrown).toBeInstanceOf(QuotaExceededError);
    expect(thrown).not.toBeInstanceOf(RateLimitError);
    expect(thrown).toBeInstanceOf(PdfgenError);
    expect(thrown).toMatchObject({ status: 429, code: 'QUOTA_EXCEEDED', requestId: 'req-QUOTA_EXCEEDED', limit: 100, used: 100, remaining: 0, retryAfterSeconds: 86400 });
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry other errors', async () => {
    const client = await start([error(500, 'GENERATION_FAILED', {}, { details: 'Rendering took longer than 30000 ms' })]);
    expect(await rejectionOf(client.generate(request))).toMatchObject({ status: 500, code: 'GENERATION_FAILED', details: 'Rendering took longer than 30000 ms' });
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up after `retries` retries with the last error', async () => {
    const client = await start([error(503, 'SERVER_BUSY'), error(503, 'SERVER_BUSY'), error(503, 'SERVER_BUSY')], { retries: 2 });
    expect(await rejectionOf(client.generate(request))).toMatchObject({ status: 503, code: 'SERVER_BUSY' });
    expect(fake.requests).toHaveLength(3);
  });

  it('does not wait out a Retry-After longer than retryMaxDelayMs', async () => {
    const client = await start([error(503, 'SERVER_BUSY', { 'Retry-After': '60' })], { retryMaxDelayMs: 1000 });
    expect(await rejectionOf(client.generate(request))).toMatchObject({ status: 503, retryAfterSeconds: 60 });
    expect(fake.requests).toHaveLength(1);
  });

  it('reports lost connections as ConnectionError and time-outs as TimeoutError, both PdfgenNetworkError', async () => {
    const client = await start(['drop', 'drop'], { retries: 1 });
    const dropped = await rejectionOf(client.templates.list());
    expect(dropped).toBeInstanceOf(ConnectionError);
    expect(dropped).toBeInstanceOf(PdfgenNetworkError);
    expect(dropped.message).toMatch(/^GET \/api\/v1\/templates failed: /);
    await fake.close();

    const slow = await start(['hang'], { retries: 0, timeoutMs: 200 });
    const timedOut = await rejectionOf(slow.jobs.get('job-1'));
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect(timedOut).toBeInstanceOf(PdfgenNetworkError);
    expect(timedOut).toMatchObject({ name: 'TimeoutError', message: 'GET /api/v1/jobs/job-1 timed out after 200 ms' });
  });

  it("takes a call's own timeout, for each attempt", async () => {
    const client = await start(['hang', 'hang'], { retries: 1 });
    const began = Date.now();
    const thrown = await rejectionOf(client.generate(request, { timeout: 300 }));
    expect(thrown).toBeInstanceOf(TimeoutError);
    expect(thrown.message).toBe('POST /api/v1/generate timed out after 300 ms');
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - began).toBeGreaterThanOrEqual(600);
    expect(Date.now() - began).toBeLessThan(5000);
  });

  it("stops at once when the caller's signal aborts, in flight or waiting to retry, and never retries it", async () => {
    const inFlight = await start(['hang', generated]);
    const reason = new Error('the user left');
    const controller = new AbortController();
    setTimeout(() => controller.abort(reason), 200);
    expect(await rejectionOf(inFlight.templates.list({}, { signal: controller.signal }))).toBe(reason);
    expect(fake.requests).toHaveLength(1);
    await fake.close();

    const waiting = await start([error(503, 'SERVER_BUSY', { 'Retry-After': '20' }), generated]);
    const began = Date.now();
    const aborted = await rejectionOf(waiting.generate(request, { signal: AbortSignal.timeout(300) }));
    expect(aborted).toMatchObject({ name: 'TimeoutError' });
    expect(aborted).not.toBeInstanceOf(PdfgenNetworkError);
    expect(Date.now() - began).toBeLessThan(3000);
    expect(fake.requests).toHaveLength(1);
  });

  it('does not follow a redirect, which would carry the key elsewhere', async () => {
    const client = await start([{ status: 302, headers: { Location: 'http://elsewhere.test/' }, body: 'moved' }]);
    expect(await rejectionOf(client.templates.list())).toMatchObject({ status: 302, code: 'UNEXPECTED_RESPONSE', message: 'Unexpected 302 response' });
    expect(fake.requests).toHaveLength(1);
  });

  it('backs off exponentially with jitter, capped, when there is no Retry-After', () => {
    const policy = { retries: 10, baseDelayMs: 100, maxDelayMs: 1000 };
    const busy = new PdfgenError({ status: 503, code: 'SERVER_BUSY', message: 'Server is busy' });
    for (const [attempt, ceiling] of [[0, 100], [1, 200], [2, 400], [3, 800], [4, 1000], [9, 1000]]) {
      for (let i = 0; i < 20; i++) {
        const wait = retryDelayMs(busy, attempt, policy)!;
        expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
        expect(wait).toBeLessThanOrEqual(ceiling);
      }
    }
    expect(retryDelayMs(busy, 10, policy)).toBeUndefined();
  });
});

describe('PdfgenClient retries (against the real rate limit)', () => {
  it('waits out 429 RATE_LIMITED and succeeds', async () => {
    const t = await startTestApp({ RATE_LIMIT_PER_SECOND: '1' });
    try {
      const { key } = await t.createWorkspace('free');
      const { fetch, sent } = recordingFetch();
      const client = clientFor(t, key, { fetch });
      const schemas = await Promise.all([client.templates.schema('invoice-basic'), client.templates.schema('weekly-report'), client.templates.schema('invoice-basic')]);
      expect(schemas.map((s) => s.templateId)).toEqual(['invoice-basic', 'weekly-report', 'invoice-basic']);
      expect(sent.filter((r) => r.status === 429).length).toBeGreaterThan(0);
      expect(sent.filter((r) => r.status === 200)).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
