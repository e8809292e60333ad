import { randomBytes } from 'node:crypto';
import { PdfgenClient, TemplateData, verifyWebhook, WebhookPayload, WebhookVerificationError } from '../../clients/typescript/src';
import { signWebhook } from '../../src/webhooks/webhook-signature';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { ReceivedRequest, Receiver, waitUntil } from '../webhooks/receiver';
import { clientFor } from './client-support';

const verificationCode = (verify: () => unknown): string => {
  try {
    verify();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as WebhookVerificationError).code;
  }
  throw new Error('expected verification to fail');
};

describe('webhook jobs and verifyWebhook against a real delivery', () => {
  let t: TestApp;
  let receiver: Receiver;
  let client: PdfgenClient;
  let secret: string;
  let delivery: ReceivedRequest;
  let jobId: string;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await Receiver.start();
    const workspace = await t.createWorkspace('pro');
    secret = (await t.admin.get(`/workspaces/${workspace.id}`).expect(200)).body.webhookSecret;
    receiver.trust(secret);
    client = clientFor(t, workspace.key);

    const accepted = await client.generate({ templateId: 'invoice-basic', data: sample('invoice-basic') as TemplateData<'invoice-basic'>, webhook: { url: receiver.url() } });
    expect(accepted).toMatchObject({ outputFormat: 'webhook', status: 'queued', templateId: 'invoice-basic', jobId: expect.any(String), replayed: false });
    jobId = accepted.jobId;
    [delivery] = await receiver.waitForJob(jobId, 1);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('follows the job with jobs.get until delivered', async () => {
    await waitUntil(async () => (await client.jobs.get(jobId)).status === 'delivered', 10_000, 'the job to be delivered');
    expect(await client.jobs.get(jobId)).toMatchObject({ success: true, jobId, templateId: 'invoice-basic', pdfUrl: delivery.body.pdfUrl, attempts: 1 });
  });

  it('verifies the delivery and returns its body, from raw bytes or text, with any kind of headers', () => {
    const payload = verifyWebhook(delivery.raw, delivery.headers, secret);
    expect(payload).toEqual(delivery.body);
    expect(payload).toMatchObject({ success: true, jobId, templateId: 'invoice-basic' });
    if (payload.success) expect(payload.pdfUrl).toMatch(/\.pdf$/);

    const fetchHeaders = new Headers(Object.entries(delivery.headers).map(([name, value]) => [name, String(value)]));
    expect(verifyWebhook<WebhookPayload>(delivery.raw.toString('utf8'), fetchHeaders, secret)).toEqual(delivery.body);
    const capitalised = { 'Webhook-Id': String(delivery.headers['webhook-id']), 'Webhook-Timestamp': String(delivery.headers['webhook-timestamp']), 'Webhook-Signature': String(delivery.headers['webhook-signature']) };
    expect(verifyWebhook(delivery.raw, capitalised, secret)).toEqual(delivery.body);
  });

  it('accepts any one valid signature among several (secret rotation)', () => {
    const signatures = `v1,${randomBytes(32).toString('base64')} ${delivery.headers['webhook-signature']}`;
    expect(verifyWebhook(delivery.raw, { ...delivery.headers, 'webhook-signature': signatures }, secret)).toEqual(delivery.body);
  });

  it('refuses a tampered body, a wrong secret, an old timestamp and missing headers', () => {
    const tampered = Buffer.from(delivery.raw.toString('utf8').replace('"success":true', '"success":false'));
    expect(tampered.equals(delivery.raw)).toBe(false);
    expect(verificationCode(() => verifyWebhook(tampered, delivery.headers, secret))).toBe('INVALID_SIGNATURE');

    const otherSecret = `whsec_${randomBytes(24).toString('base64')}`;
    expect(verificationCode(() => verifyWebhook(delivery.raw, delivery.headers, otherSecret))).toBe('INVALID_SIGNATURE');

    // Signed correctly, but six minutes ago: a replayed delivery.
    const id = String(delivery.headers['webhook-id']);
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const replay = { 'webhook-id': id, 'webhook-timestamp': String(old), 'webhook-signature': signWebhook(secret, id, old, delivery.raw.toString('utf8')) };
    expect(verificationCode(() => verifyWebhook(delivery.raw, replay, secret))).toBe('TIMESTAMP_OUT_OF_TOLERANCE');
    expect(verificationCode(() => verifyWebhook(delivery.raw, { ...delivery.headers, 'webhook-timestamp': 'soon' }, secret))).toBe('INVALID_TIMESTAMP');

    const { 'webhook-signature': _signature, ...unsigned } = delivery.headers;
    expect(verificationCode(() => verifyWebhook(delivery.raw, unsigned, secret))).toBe('MISSING_HEADERS');
  });
});
