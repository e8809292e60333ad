import { CRASH_QUEUES, CrashHarness } from '../support/crash-harness';
import { sample } from '../support/samples';
import { Receiver, waitUntil } from '../webhooks/receiver';

const ITEMS = 120;

/**
 * The built service is killed with SIGKILL in the middle of a batch and started again on the same
 * data: every item ends, each success is counted once, the merged file is made and the batch's
 * webhook is delivered once (DECISIONS section 15).
 */
describe.each(CRASH_QUEUES)('a batch survives a crash of the service, on %s', (_, queueEnv) => {
  let harness: CrashHarness;
  let receiver: Receiver;

  beforeAll(async () => {
    harness = new CrashHarness(queueEnv());
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await harness.close();
    await receiver.close();
  });

  const call = (path: string, init?: { method?: string; key?: string; body?: object }) => harness.call(path, init);

  it('ends every item, counts each success once, merges and delivers the webhook once after a SIGKILL', async () => {
    await harness.start();
    const ws = (await call('/admin/v1/workspaces', { method: 'POST', body: { name: 'batch restart', plan: 'pro' } })).body;
    receiver.trust(ws.webhookSecret);
    const { key } = (await call(`/admin/v1/workspaces/${ws.id}/keys`, { method: 'POST', body: {} })).body;
    const items = Array.from({ length: ITEMS }, (_, i) => ({ templateId: 'invoice-basic', data: { ...sample('invoice-basic'), invoiceNumber: `R-${i}` } }));
    const accepted = await call('/api/v1/batches', { method: 'POST', key, body: { items, merge: true, webhook: { url: receiver.url('/batch') } } });
    expect(accepted.status).toBe(202);
    const batchId = accepted.body.batchId as string;
    const succeeded = async () => (await call(`/api/v1/batches/${batchId}`, { key })).body.items.filter((item: { status: string }) => item.status === 'succeeded').length;

    await waitUntil(async () => (await succeeded()) >= 5, 30_000, 'the batch to be under way');
    await harness.kill('SIGKILL');
    await harness.start();
    const beforeRestart = await succeeded();
    expect(beforeRestart).toBeLessThan(ITEMS);

    await waitUntil(() => receiver.requests.some((r) => r.body.id === batchId), 60_000, 'the batch webhook');
    const batch = (await call(`/api/v1/batches/${batchId}`, { key })).body;
    expect(batch.status).toBe('succeeded');
    expect(batch.items.map((item: { index: number }) => item.index)).toEqual(items.map((_, i) => i));
    expect(new Set(batch.items.map((item: { pdfUrl: string }) => item.pdfUrl)).size).toBe(ITEMS);
    expect(batch.mergedPdfUrl).toMatch(/\/files\/[A-Za-z0-9_-]+\.pdf$/);
    expect((await call(`/admin/v1/workspaces/${ws.id}`)).body.usage.used).toBe(ITEMS);

    await new Promise((done) => setTimeout(done, 500));
    const deliveries = receiver.requests.filter((r) => r.body.id === batchId);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].body).toEqual({ type: 'batch.finished', ...batch });
    const merged = await fetch(batch.mergedPdfUrl.replace(/^http:\/\/localhost:\d+/, harness.service!.url));
    expect(merged.status).toBe(200);
  });
});
