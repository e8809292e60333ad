import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver, signatureValid, waitUntil } from './receiver';

/** Deliveries to a real receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true), with short back-offs and time-outs. */
describe('webhook delivery', () => {
  let t: TestApp;
  let receiver: Receiver;
  let ws: { id: string; key: string };
  let secret: string;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_TIMEOUT_MS: '500', WEBHOOK_MAX_ATTEMPTS: '3' });
    receiver = await Receiver.start();
    ws = await t.createWorkspace('pro');
    secret = await secretOf(ws.id);
    receiver.trust(secret);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const secretOf = async (workspaceId: string): Promise<string> => (await t.admin.get(`/workspaces/${workspaceId}`).expect(200)).body.webhookSecret;
  const submit = async (webhook: object = { url: receiver.url() }) => {
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook });
    expect(res.status).toBe(202);
    return res.body.jobId as string;
  };
  const job = async (jobId: string, key = ws.key) => (await t.http.get(`/api/v1/jobs/${jobId}`).set('X-API-Key', key).expect(200)).body;
  const settled = async (jobId: string, key = ws.key) => {
    await waitUntil(async () => ['delivered', 'failed'].includes((await job(jobId, key)).status), 10_000, `job ${jobId} to finish`);
    return job(jobId, key);
  };

  it('answers 202 at once, then POSTs the signed success body with the caller headers', async () => {
    const res = await t.http
      .post('/api/v1/generate')
      .set('X-API-Key', ws.key)
      .send({ templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64', webhook: { url: receiver.url(), headers: { 'X-Zap-Token': 'abc 123' } } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'queued', templateId: 'invoice-basic' });

    const [delivered] = await receiver.waitForJob(res.body.jobId, 1);
    expect(delivered.path).toBe('/hook');
    expect(delivered.headers['content-type']).toBe('application/json');
    expect(delivered.headers['x-zap-token']).toBe('abc 123');
    expect(delivered.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Math.abs(Number(delivered.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(signatureValid(delivered, secret)).toBe(true);
    expect(Object.keys(delivered.body)).toEqual(['type', 'success', 'pdfUrl', 'templateId', 'templateVersion', 'generatedAt', 'jobId']);
    expect(delivered.body).toEqual({
      type: 'generation.succeeded', success: true, pdfUrl: expect.stringMatching(/\/files\/[A-Za-z0-9_-]+\.pdf$/), templateId: 'invoice-basic', templateVersion: '1.0.0', generatedAt: expect.any(String), jobId: res.body.jobId,
    });

    const pdf = await t.http.get(new URL(delivered.body.pdfUrl).pathname).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const status = await settled(res.body.jobId);
    expect(status).toEqual({
      success: true, jobId: res.body.jobId, status: 'delivered', templateId: 'invoice-basic', pdfUrl: delivered.body.pdfUrl, attempts: 1,
      createdAt: expect.any(String), updatedAt: expect.any(String),
    });
  });

  it('signs the exact bytes sent: changing one byte breaks the signature, another secret does not verify', async () => {
    const jobId = await submit();
    const [request] = await receiver.waitForJob(jobId, 1);
    expect(signatureValid(request, secret)).toBe(true);
    expect(signatureValid({ ...request, raw: Buffer.concat([request.raw, Buffer.from(' ')]) }, secret)).toBe(false);
    expect(signatureValid(request, 'whsec_' + Buffer.alloc(32, 1).toString('base64'))).toBe(false);
  });

  it('retries a failing receiver with back-off, keeping the webhook-id: three attempts, then delivered', async () => {
    receiver.respond = (_, n) => (n <= 2 ? 500 : 200);
    const jobId = await submit();
    const requests = await receiver.waitForJob(jobId, 3);
    expect(requests.map((r) => r.answered)).toEqual([500, 500, 200]);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(requests.every((r) => signatureValid(r, secret))).toBe(true);
    expect(requests[1].receivedAt - requests[0].receivedAt).toBeGreaterThanOrEqual(35);
    expect(requests[2].receivedAt - requests[1].receivedAt).toBeGreaterThanOrEqual(75);
    expect(await settled(jobId)).toMatchObject({ status: 'delivered', attempts: 3 });
    expect((await job(jobId)).lastError).toBeUndefined();
  });

  it('times out a receiver that hangs and tries again', async () => {
    receiver.respond = (_, n) => (n === 1 ? 'hang' : 200);
    const jobId = await submit();
    const requests = await receiver.waitForJob(jobId, 2);
    expect(requests[1].receivedAt - requests[0].receivedAt).toBeGreaterThanOrEqual(500);
    expect(await settled(jobId)).toMatchObject({ status: 'delivered', attempts: 2 });
    const { deliveries } = (await t.admin.get(`/workspaces/${ws.id}/deliveries`).expect(200)).body;
    const delivery = deliveries.find((d: { jobId: string }) => d.jobId === jobId);
    expect(delivery.attempts).toEqual([
      { number: 1, attemptedAt: expect.any(String), statusCode: null, error: 'Timed out after 500 ms', durationMs: expect.any(Number) },
      { number: 2, attemptedAt: expect.any(String), statusCode: 200, error: null, durationMs: expect.any(Number) },
    ]);
    expect(delivery.attempts[0].durationMs).toBeGreaterThanOrEqual(450);
  });

  it('stops at 410 Gone', async () => {
    receiver.respond = () => 410;
    const jobId = await submit();
    expect(await settled(jobId)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Receiver answered 410 Gone: not retried' });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.forJob(jobId)).toHaveLength(1);
  });

  it('does not follow a redirect, and gives up after WEBHOOK_MAX_ATTEMPTS', async () => {
    receiver.respond = (request) => (request.path === '/hook' ? { status: 302, headers: { Location: receiver.url('/elsewhere') } } : 200);
    const jobId = await submit();
    const status = await settled(jobId);
    expect(status).toMatchObject({ status: 'failed', attempts: 3, lastError: 'Receiver answered 302; gave up after the last attempt' });
    expect(receiver.forJob(jobId).map((r) => r.path)).toEqual(['/hook', '/hook', '/hook']);
  });

  it('honours Retry-After', async () => {
    receiver.respond = (_, n) => (n === 1 ? { status: 503, headers: { 'Retry-After': '1' } } : 200);
    const jobId = await submit();
    const requests = await receiver.waitForJob(jobId, 2);
    expect(requests[1].receivedAt - requests[0].receivedAt).toBeGreaterThanOrEqual(950);
  });

  it('shows a job only to its own workspace, under both prefixes', async () => {
    receiver.respond = () => 200;
    const jobId = await submit();
    await settled(jobId);
    expect((await t.http.get(`/v1/jobs/${jobId}`).set('X-API-Key', ws.key).expect(200)).body.jobId).toBe(jobId);
    const other = await t.createWorkspace('pro');
    expectError(await t.http.get(`/api/v1/jobs/${jobId}`).set('X-API-Key', other.key), 404, `Job '${jobId}' not found`, 'JOB_NOT_FOUND');
    expectError(await t.http.get('/v1/jobs/nope').set('X-API-Key', ws.key), 404, "Job 'nope' not found", 'JOB_NOT_FOUND');
    expectError(await t.http.get(`/api/v1/jobs/${jobId}`), 401, 'Missing API key', 'MISSING_API_KEY');
  });

  it('lets the operator list deliveries and redeliver a finished job under a new webhook-id', async () => {
    receiver.respond = () => 200;
    const jobId = await submit();
    await settled(jobId);
    const first = receiver.forJob(jobId)[0];

    const res = await t.admin.post(`/jobs/${jobId}/redeliver`).expect(202);
    expect(res.body).toMatchObject({ success: true, jobId, status: 'delivering', attempts: 0 });
    const [, second] = await receiver.waitForJob(jobId, 2);
    expect(second.headers['webhook-id']).not.toBe(first.headers['webhook-id']);
    expect(second.body).toEqual(first.body);
    expect(signatureValid(second, secret)).toBe(true);
    expect(await settled(jobId)).toMatchObject({ status: 'delivered', attempts: 1 });

    const { deliveries } = (await t.admin.get(`/workspaces/${ws.id}/deliveries?limit=2`).expect(200)).body;
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]).toMatchObject({ id: second.headers['webhook-id'], jobId, status: 'delivered', attempts: [{ number: 1, statusCode: 200 }] });
    expect(deliveries[1]).toMatchObject({ id: first.headers['webhook-id'], jobId, status: 'delivered' });

    expectError(await t.admin.post('/jobs/nope/redeliver'), 404, "Job 'nope' not found", 'JOB_NOT_FOUND');
    expectError(await t.admin.get('/workspaces/nope/deliveries'), 404, "Workspace 'nope' not found", 'WORKSPACE_NOT_FOUND');
    expectError(await t.admin.get(`/workspaces/${ws.id}/deliveries?limit=0`), 400, 'Invalid request', 'INVALID_REQUEST');
    expectError(await t.http.post(`/admin/v1/jobs/${jobId}/redeliver`), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
  });

  it('refuses to redeliver a job that is still being delivered', async () => {
    receiver.respond = () => 'hang';
    const jobId = await submit();
    await receiver.waitForJob(jobId, 1);
    expectError(await t.admin.post(`/jobs/${jobId}/redeliver`), 409, `Job '${jobId}' is not finished`, 'JOB_NOT_FINISHED');
  });

  it('counts usage once per delivered PDF, not per attempt', async () => {
    const fresh = await t.createWorkspace('pro');
    receiver.trust(await secretOf(fresh.id));
    const send = () => t.http.post('/v1/generate').set('X-API-Key', fresh.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url: receiver.url() } });
    receiver.respond = (_, n) => (n === 1 ? 500 : 200);
    const jobIds = [(await send()).body.jobId, (await send()).body.jobId];
    for (const jobId of jobIds) expect(await settled(jobId, fresh.key)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await t.admin.get(`/workspaces/${fresh.id}`)).body.usage.used).toBe(2);
  });

  it('reports deliveries by outcome and the queue in the metrics, and documents its endpoints', async () => {
    const metrics = (await t.http.get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/pdfgen_webhook_deliveries_total\{outcome="delivered"\} [1-9]/);
    expect(metrics).toMatch(/pdfgen_webhook_deliveries_total\{outcome="retry"\} [1-9]/);
    expect(metrics).toMatch(/pdfgen_webhook_deliveries_total\{outcome="gone"\} 1/);
    const doc = (await t.http.get('/openapi.json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/jobs/{jobId}', '/admin/v1/workspaces/{id}/deliveries', '/admin/v1/jobs/{jobId}/redeliver']));
    expect(Object.keys(doc.paths['/api/v1/generate'].post.responses)).toContain('202');
  });
});
