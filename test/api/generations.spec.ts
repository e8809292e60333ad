import { Receiver } from '../webhooks/receiver';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

const invoice = (extra: object = {}) => ({ templateId: 'invoice-basic', data: sample('invoice-basic'), ...extra });

describe('GET /api/v1/generations (DECISIONS section 11)', () => {
  let t: TestApp;
  let receiver: Receiver;
  let a: { id: string; key: string };
  let b: { id: string; key: string };
  const history = (key: string, query = '') => t.http.get(`/api/v1/generations${query}`).set('X-API-Key', key);

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await Receiver.start();
    a = await t.createWorkspace('business');
    b = await t.createWorkspace('business');
    receiver.trust((await t.admin.get(`/workspaces/${a.id}`).expect(200)).body.webhookSecret);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('records every generation with its fields, newest first, direct and through a webhook job', async () => {
    const url = await t.http.post('/api/v1/generate').set('X-API-Key', a.key).set('X-Request-Id', 'req-url').send(invoice()).expect(200);
    await t.http.post('/api/v1/generate').set('X-API-Key', a.key).set('X-Request-Id', 'req-buffer').send({ templateId: 'weekly-report', data: sample('weekly-report'), outputFormat: 'buffer' }).expect(200);
    const job = await t.http.post('/api/v1/generate').set('X-API-Key', a.key).set('X-Request-Id', 'req-job').send(invoice({ webhook: { url: receiver.url() } })).expect(202);
    await receiver.waitForJob(job.body.jobId, 1);

    const res = await history(a.key).expect(200);
    expect(res.body).toMatchObject({ success: true, nextCursor: null });
    const [fromJob, buffer, direct] = res.body.generations;
    expect(res.body.generations).toHaveLength(3);
    expect(direct).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      templateId: 'invoice-basic',
      templateVersion: '1.0.0',
      outputFormat: 'url',
      status: 'succeeded',
      pdfUrl: url.body.pdfUrl,
      sizeBytes: Number(url.headers['x-pdf-size-bytes']),
      pages: 1,
      generationTimeMs: expect.any(Number),
      requestId: 'req-url',
      mode: 'live',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(buffer).toMatchObject({ templateId: 'weekly-report', outputFormat: 'buffer', status: 'succeeded', requestId: 'req-buffer', pages: 2 });
    expect(buffer.pdfUrl).toBeUndefined();
    expect(fromJob).toMatchObject({ jobId: job.body.jobId, outputFormat: 'url', status: 'succeeded', requestId: 'req-job', pdfUrl: receiver.forJob(job.body.jobId)[0].body.pdfUrl });
    // The same answer under the short prefix.
    expect((await t.http.get('/v1/generations').set('X-API-Key', a.key).expect(200)).body.generations).toHaveLength(3);
  });

  it("shows a workspace only its own generations", async () => {
    expect((await history(b.key).expect(200)).body).toEqual({ success: true, generations: [], nextCursor: null });
  });

  it('pages with limit and cursor, and filters by template and status', async () => {
    const first = await history(a.key, '?limit=2').expect(200);
    expect(first.body.generations).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await history(a.key, `?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`).expect(200);
    expect(second.body.generations).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.generations, ...second.body.generations].map((g: { id: string }) => g.id);
    expect(new Set(ids).size).toBe(3);
    expect((await history(a.key, '?templateId=weekly-report').expect(200)).body.generations).toHaveLength(1);
    expect((await history(a.key, '?status=failed').expect(200)).body.generations).toHaveLength(0);
  });

  it('refuses unknown filter values and bad paging with 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['?limit=0', 'limit must be a whole number from 1 to 100'],
      ['?limit=101', 'limit must be a whole number from 1 to 100'],
      ['?limit=ten', 'limit must be a whole number from 1 to 100'],
      ['?status=done', 'status must be one of: succeeded, failed'],
      ['?templateId=nope', 'templateId must be one of: invoice-basic, weekly-report, calendar-schedule, kpi-dashboard'],
      ['?cursor=abc', 'cursor must be the nextCursor of an earlier page'],
      ['?status=failed&status=succeeded', 'status must be one of: succeeded, failed'],
    ];
    for (const [query, message] of cases) {
      const res = await history(a.key, query);
      expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
      expect(res.body.validationErrors).toEqual([message]);
    }
    expectError(await t.http.get('/api/v1/generations'), 401, 'Missing API key', 'MISSING_API_KEY');
  });

  it("filters by one of the workspace's custom templates, and names them when the id is unknown", async () => {
    const definition = {
      id: 'history-card',
      name: 'History card',
      schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      layout: { body: [{ type: 'text', text: 'Hello {{ name }}' }] },
    };
    await t.http.post('/api/v1/templates').set('X-API-Key', b.key).send(definition).expect(201);
    await t.http.post('/api/v1/generate').set('X-API-Key', b.key).send({ templateId: 'history-card', data: { name: 'Ada' } }).expect(200);
    await t.http.post('/api/v1/generate').set('X-API-Key', b.key).send(invoice()).expect(200);
    const custom = (await history(b.key, '?templateId=history-card').expect(200)).body.generations;
    expect(custom.map((record: { templateId: string }) => record.templateId)).toEqual(['history-card']);
    const unknown = await history(b.key, '?templateId=nope');
    expectError(unknown, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(unknown.body.validationErrors).toEqual(['templateId must be one of: invoice-basic, weekly-report, calendar-schedule, kpi-dashboard, history-card']);
    // Another workspace's custom template is unknown here.
    expect((await history(a.key, '?templateId=history-card')).status).toBe(400);
  });
});

describe('a failed generation in the history', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ RENDER_TIMEOUT_MS: '1' });
  });
  afterAll(() => t?.close());

  it('is recorded as failed, without a file, with the details of its 500 as its error', async () => {
    const ws = await t.createWorkspace('business');
    const big = sample('invoice-basic');
    big.items = Array.from({ length: 1000 }, (_, n) => ({ description: `Line ${n}`, quantity: 1, unitPrice: 1 }));
    const failed = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).set('X-Request-Id', 'req-failed').send({ templateId: 'invoice-basic', data: big });
    expectError(failed, 500, 'PDF generation failed', 'GENERATION_FAILED');
    const res = await t.http.get('/api/v1/generations').set('X-API-Key', ws.key).expect(200);
    expect(res.body.generations).toEqual([
      expect.objectContaining({ status: 'failed', requestId: 'req-failed', templateId: 'invoice-basic', outputFormat: 'url', generationTimeMs: expect.any(Number), error: failed.body.details }),
    ]);
    expect(failed.body.details).toEqual(expect.any(String));
    expect(res.body.generations[0].pdfUrl).toBeUndefined();
    expect(res.body.generations[0].sizeBytes).toBeUndefined();
  });
});
