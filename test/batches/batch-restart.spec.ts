import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeQueue, TEST_REDIS_URL as REDIS_URL } from '../support/redis-queue';
import { sample } from '../support/samples';
import { ServiceProcess, startServiceProcess } from '../support/service-process';
import { ADMIN_TOKEN } from '../support/test-app';
import { Receiver, waitUntil } from '../webhooks/receiver';

const ITEMS = 120;

/**
 * The built service is killed with SIGKILL in the middle of a batch and started again on the same
 * data: every item ends, each success is counted once, the merged file is made and the batch's
 * webhook is delivered once (DECISIONS section 15).
 */
describe.each([
  ['the embedded queue', () => ({})],
  ['BullMQ on Redis', () => ({ REDIS_URL, BULLMQ_PREFIX: `pdfgen-test-${randomBytes(6).toString('hex')}` })],
])('a batch survives a crash of the service, on %s', (_, queueEnv) => {
  let dataDir: string;
  let env: Record<string, string>;
  let receiver: Receiver;
  let service: ServiceProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-batch-restart-'));
    receiver = await Receiver.start();
    env = {
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      BOOTSTRAP: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_SECOND: '0',
      RENDER_WORKERS: '2',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_MAX_ATTEMPTS: '30',
      JOB_LEASE_MS: '1000',
      ...queueEnv(),
    };
  });
  afterAll(async () => {
    if (service && service.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    await receiver.close();
    if (env.BULLMQ_PREFIX) await removeQueue(env.BULLMQ_PREFIX);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (path: string, init: { method?: string; key?: string; body?: object } = {}): Promise<{ status: number; body: any }> => {
    const auth: Record<string, string> = init.key ? { 'X-API-Key': init.key } : { Authorization: `Bearer ${ADMIN_TOKEN}` };
    const res = await fetch(`${service!.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: init.body && JSON.stringify(init.body),
    });
    return { status: res.status, body: await res.json() };
  };

  it('ends every item, counts each success once, merges and delivers the webhook once after a SIGKILL', async () => {
    service = await startServiceProcess(env);
    const ws = (await call('/admin/v1/workspaces', { method: 'POST', body: { name: 'batch restart', plan: 'pro' } })).body;
    receiver.trust(ws.webhookSecret);
    const { key } = (await call(`/admin/v1/workspaces/${ws.id}/keys`, { method: 'POST', body: {} })).body;
    const items = Array.from({ length: ITEMS }, (_, i) => ({ templateId: 'invoice-basic', data: { ...sample('invoice-basic'), invoiceNumber: `R-${i}` } }));
    const accepted = await call('/api/v1/batches', { method: 'POST', key, body: { items, merge: true, webhook: { url: receiver.url('/batch') } } });
    expect(accepted.status).toBe(202);
    const batchId = accepted.body.batchId as string;
    const succeeded = async () => (await call(`/api/v1/batches/${batchId}`, { key })).body.items.filter((item: { status: string }) => item.status === 'succeeded').length;

    await waitUntil(async () => (await succeeded()) >= 5, 30_000, 'the batch to be under way');
    service.child.kill('SIGKILL');
    await service.exited;
    const beforeRestart = await (async () => {
      service = await startServiceProcess(env);
      return succeeded();
    })();
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
    const merged = await fetch(batch.mergedPdfUrl.replace(/^http:\/\/localhost:\d+/, service.url));
    expect(merged.status).toBe(200);
  });
});
