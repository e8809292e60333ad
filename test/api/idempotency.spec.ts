import type { Response } from 'supertest';
import { binary } from '../support/binary';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';

const GENERATION_HEADERS = ['x-generation-time-ms', 'x-pdf-size-bytes', 'x-usage-remaining'];
const INVALID_KEY = 'Idempotency-Key must be 1 to 255 visible ASCII characters';

const invoice = (extra: object = {}) => ({ templateId: 'invoice-basic', data: sample('invoice-basic'), ...extra });
const headersOf = (res: Response, names: string[]) => Object.fromEntries(names.map((name) => [name, res.headers[name]]));

describe('Idempotency-Key on POST /api/v1/generate (DECISIONS section 11)', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A generate request, with the Idempotency-Key when one is given; a string body is sent as it is. */
  function generate(apiKey: string, idempotencyKey: string | undefined, body: object | string) {
    const req = t.http.post('/api/v1/generate').set('X-API-Key', apiKey).set('Content-Type', 'application/json');
    return (idempotencyKey === undefined ? req : req.set('Idempotency-Key', idempotencyKey)).send(body);
  }
  const usage = async (workspaceId: string) => (await t.admin.get(`/workspaces/${workspaceId}`).expect(200)).body.usage;

  it.each(['url', 'base64'])('%s: replays the same answer and headers, marked Idempotent-Replayed, and counts once', async (outputFormat) => {
    const ws = await t.createWorkspace('pro');
    const body = invoice({ outputFormat });
    const first = await generate(ws.key, `order-${outputFormat}-1`, body).expect(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.body[outputFormat === 'url' ? 'pdfUrl' : 'base64']).toEqual(expect.any(String));

    // The same JSON, its keys in another order.
    const reordered = JSON.stringify({ outputFormat, data: body.data, templateId: body.templateId });
    const replay = await generate(ws.key, `order-${outputFormat}-1`, reordered).expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(headersOf(replay, GENERATION_HEADERS)).toEqual(headersOf(first, GENERATION_HEADERS));
    expect(replay.headers['content-type']).toMatch(/^application\/json/);
    expect(replay.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect((await usage(ws.id)).used).toBe(1);
  });

  it('buffer: replays the same bytes and headers, marked Idempotent-Replayed, and counts once', async () => {
    const ws = await t.createWorkspace('pro');
    const send = () => generate(ws.key, 'order-buffer-1', invoice({ outputFormat: 'buffer' })).buffer(true).parse(binary).expect(200);
    const first = await send();
    const replay = await send();
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((replay.body as Buffer).equals(first.body as Buffer)).toBe(true);
    const pdfHeaders = [...GENERATION_HEADERS, 'content-type', 'content-disposition', 'content-length'];
    expect(headersOf(replay, pdfHeaders)).toEqual(headersOf(first, pdfHeaders));
    expect((await usage(ws.id)).used).toBe(1);
  });

  it('webhook: replays the same jobId and queues nothing more', async () => {
    const ws = await t.createWorkspace('pro');
    receiver.trust((await t.admin.get(`/workspaces/${ws.id}`).expect(200)).body.webhookSecret);
    const body = invoice({ webhook: { url: receiver.url('/idempotent') } });
    const first = await generate(ws.key, 'job-1', body).expect(202);
    const replay = await generate(ws.key, 'job-1', body).expect(202);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    await receiver.waitForJob(first.body.jobId, 1);
    const { deliveries } = (await t.admin.get(`/workspaces/${ws.id}/deliveries`).expect(200)).body;
    expect(deliveries.map((d: { jobId: string }) => d.jobId)).toEqual([first.body.jobId]);
    expect(receiver.requests.filter((r) => r.path === '/idempotent')).toHaveLength(1);
    expect((await usage(ws.id)).used).toBe(1);
  });

  it('422 for the key with a different body, and the first answer still replays', async () => {
    const ws = await t.createWorkspace('pro');
    const first = await generate(ws.key, 'reused', invoice()).expect(200);
    const other = await generate(ws.key, 'reused', invoice({ outputFormat: 'base64' }));
    expectError(other, 422, 'Idempotency-Key was used with a different request', 'IDEMPOTENCY_KEY_REUSED');
    expect((await generate(ws.key, 'reused', invoice()).expect(200)).body).toEqual(first.body);
    expect((await usage(ws.id)).used).toBe(1);
  });

  it("422 for a live key reusing a test key's Idempotency-Key: its watermarked answer is not the live one", async () => {
    const ws = await t.createWorkspace('pro');
    const testKey = (await t.admin.post(`/workspaces/${ws.id}/keys`, { mode: 'test' }).expect(201)).body.key;
    await generate(testKey, 'mode', invoice()).expect(200);
    expectError(await generate(ws.key, 'mode', invoice()), 422, 'Idempotency-Key was used with a different request', 'IDEMPOTENCY_KEY_REUSED');
  });

  it('keys are per workspace: the same key in another workspace is a new request', async () => {
    const [a, b] = [await t.createWorkspace('pro'), await t.createWorkspace('pro')];
    const first = await generate(a.key, 'shared', invoice()).expect(200);
    const second = await generate(b.key, 'shared', invoice()).expect(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.pdfUrl).not.toBe(first.body.pdfUrl);
  });

  it.each([
    ['empty', ''],
    ['256 characters long', 'k'.repeat(256)],
    ['holding a control character', 'order\t42'],
    ['holding a space', 'order 42'],
    ['not ASCII', 'caf\u00e9'],
  ])('400 Invalid request naming the header for a key %s, before any check of the body', async (_, key) => {
    const ws = await t.createWorkspace('pro');
    for (const body of [invoice(), { data: {} }]) {
      const res = await generate(ws.key, key, body);
      expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
      expect(res.body.validationErrors).toEqual([INVALID_KEY]);
    }
    expect((await usage(ws.id)).used).toBe(0);
  });

  it('checks the API key before the Idempotency-Key', async () => {
    const res = await t.http.post('/api/v1/generate').set('Idempotency-Key', '').send(invoice());
    expectError(res, 401, 'Missing API key', 'MISSING_API_KEY');
  });

  it('a request that ended in an error does not hold its key', async () => {
    const ws = await t.createWorkspace('pro', { monthlyLimit: 0 });
    const { data } = invoice();
    const invalid = await generate(ws.key, 'failing', { templateId: 'invoice-basic', data: { ...data, invoiceNumber: undefined } });
    expectError(invalid, 400, 'Invalid data for template', 'INVALID_DATA');
    expectError(await generate(ws.key, 'failing', invoice()), 429, 'Monthly PDF generation limit reached', 'QUOTA_EXCEEDED');

    await t.admin.patch(`/workspaces/${ws.id}`, { monthlyLimit: 5 }).expect(200);
    const done = await generate(ws.key, 'failing', invoice()).expect(200);
    expect(done.headers['idempotent-replayed']).toBeUndefined();
    expect((await generate(ws.key, 'failing', invoice()).expect(200)).headers['idempotent-replayed']).toBe('true');
    expect((await usage(ws.id)).used).toBe(1);
  });

  it('20 identical requests at once with one key: one generation, one count, identical answers or 409 while in flight', async () => {
    const ws = await t.createWorkspace('pro');
    const responses = await Promise.all(Array.from({ length: 20 }, () => generate(ws.key, 'burst', invoice())));
    const answered = responses.filter((r) => r.status === 200);
    const busy = responses.filter((r) => r.status !== 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(answered.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const res of answered) {
      expect(res.body).toEqual(answered[0].body);
      expect(headersOf(res, GENERATION_HEADERS)).toEqual(headersOf(answered[0], GENERATION_HEADERS));
    }
    for (const res of busy) {
      expectError(res, 409, 'A request with this Idempotency-Key is in progress', 'IDEMPOTENCY_KEY_IN_PROGRESS');
      expect(res.headers['retry-after']).toBe('1');
    }
    expect((await usage(ws.id)).used).toBe(1);
  });
});
