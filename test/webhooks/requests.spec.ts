import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver, waitUntil } from './receiver';

/** What generate refuses at request time when `webhook` is set, with the address rule in force. */
describe('webhook requests', () => {
  let t: TestApp;
  let ws: { id: string; key: string };

  beforeAll(async () => {
    t = await startTestApp();
    ws = await t.createWorkspace('pro');
  });
  afterAll(() => t.close());

  const generate = (webhook: unknown, key = ws.key) =>
    t.http.post('/api/v1/generate').set('X-API-Key', key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook });

  it.each([
    ['http://127.0.0.1:8080/hook', 'loopback'],
    ['http://10.1.2.3/hook', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'linkLocal'],
    ['http://[::1]/hook', 'loopback'],
    ['http://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['http://[64:ff9b::a00:1]/hook', 'private'],
    ['http://localhost:3000/hook', 'loopback'],
  ])('400 Invalid webhook URL for %s', async (url, reason) => {
    const res = await generate({ url });
    expectError(res, 400, 'Invalid webhook URL', 'INVALID_WEBHOOK_URL');
    expect(res.body.details).toContain(`(${reason})`);
  });

  it.each([
    ['ftp://example.com/hook', 'webhook.url must use http or https'],
    ['/relative/hook', 'webhook.url must be an absolute http or https URL'],
    [`https://example.com/${'a'.repeat(2040)}`, 'webhook.url must be at most 2048 characters'],
  ])('400 Invalid webhook URL for the scheme or length of %s', async (url, details) => {
    const res = await generate({ url });
    expectError(res, 400, 'Invalid webhook URL', 'INVALID_WEBHOOK_URL');
    expect(res.body.details).toBe(details);
  });

  it('400 Invalid request naming each refused header', async () => {
    const res = await generate({
      url: 'https://example.com/hook',
      headers: { 'Content-Type': 'text/plain', 'webhook-signature': 'v1,x', 'Proxy-Authorization': 'x', 'Sec-Fetch-Mode': 'x', Host: 'x', 'X-Ok': 'fine' },
    });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual([
      'webhook.headers.Content-Type is not allowed (reserved header)',
      'webhook.headers.webhook-signature is not allowed (reserved header)',
      'webhook.headers.Proxy-Authorization is not allowed (reserved header)',
      'webhook.headers.Sec-Fetch-Mode is not allowed (reserved header)',
      'webhook.headers.Host is not allowed (reserved header)',
    ]);
  });

  it('400 Invalid request naming each header whose value is not visible ASCII, space or tab, and queues nothing', async () => {
    const before = (await t.admin.get(`/workspaces/${ws.id}/deliveries`).expect(200)).body.deliveries.length;
    const res = await generate({
      url: 'https://example.com/hook',
      headers: { 'X-City': 'Zürich', 'X-Price': '5 €', 'X-Line': 'a\r\nb', 'X-Long': 'a'.repeat(1025), 'X-Ok': 'tab\tand space ~!' },
    });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual([
      'webhook.headers.X-City must contain only visible ASCII characters, spaces and tabs',
      'webhook.headers.X-Price must contain only visible ASCII characters, spaces and tabs',
      'webhook.headers.X-Line must contain only visible ASCII characters, spaces and tabs',
      'webhook.headers.X-Long must be at most 1024 characters',
    ]);
    expect((await t.admin.get(`/workspaces/${ws.id}/deliveries`).expect(200)).body.deliveries).toHaveLength(before);
  });

  it('400 Invalid request with one error for too many headers, not one per header', async () => {
    const headers = Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`X-H${i}`, 7]));
    const res = await generate({ url: 'https://example.com/hook', headers });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual(['webhook.headers must have at most 20 headers']);
  });

  it('400 Invalid request for a webhook without url', async () => {
    const res = await generate({ headers: {} });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual(['webhook.url is required']);
  });

  it('checks the URL first, then answers 429 when the month is used up, before anything is queued', async () => {
    const full = await t.createWorkspace('pro', { monthlyLimit: 0 });
    const res = await generate({ url: 'http://127.0.0.1/hook' }, full.key);
    expectError(res, 400, 'Invalid webhook URL', 'INVALID_WEBHOOK_URL');
    const limited = await generate({ url: 'https://93.184.215.14/hook' }, full.key);
    expectError(limited, 429, 'Monthly PDF generation limit reached', 'QUOTA_EXCEEDED');
    expect(limited.body).toMatchObject({ limit: 0, used: 0, remaining: 0 });
  });
});

describe('a webhook job whose rendering fails', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '50', RENDER_TIMEOUT_MS: '1' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('delivers the failure body, marks the job failed and counts nothing', async () => {
    const ws = await t.createWorkspace('pro');
    receiver.trust((await t.admin.get(`/workspaces/${ws.id}`).expect(200)).body.webhookSecret);
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url: receiver.url() } });
    expect(res.status).toBe(202);
    const [request] = await receiver.waitForJob(res.body.jobId, 1);
    expect(Object.keys(request.body)).toEqual(['type', 'success', 'error', 'details', 'templateId', 'templateVersion', 'jobId']);
    expect(request.body).toEqual({ type: 'generation.failed', success: false, error: 'PDF generation failed', details: 'Rendering took longer than 1 ms', templateId: 'invoice-basic', templateVersion: '1.0.0', jobId: res.body.jobId });
    const job = async () => (await t.http.get(`/api/v1/jobs/${res.body.jobId}`).set('X-API-Key', ws.key)).body;
    await waitUntil(async () => (await job()).status === 'failed', 10_000, 'the job to fail');
    expect(await job()).toMatchObject({ status: 'failed', attempts: 1, lastError: 'PDF generation failed: Rendering took longer than 1 ms' });
    expect((await job()).pdfUrl).toBeUndefined();
    expect((await t.admin.get(`/workspaces/${ws.id}`)).body.usage.used).toBe(0);
  });
});
