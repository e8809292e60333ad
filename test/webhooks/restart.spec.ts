import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeQueue, TEST_REDIS_URL as REDIS_URL } from '../support/redis-queue';
import { sample } from '../support/samples';
import { ServiceProcess, startServiceProcess } from '../support/service-process';
import { ADMIN_TOKEN } from '../support/test-app';
import { Receiver, waitUntil } from './receiver';

const JOBS_BEFORE_KILL = 6;
/** Queued right before the kill, so some die while queued or rendering. */
const JOBS_AT_KILL = 3;

/**
 * The built service (`node dist/main.js`) is killed with SIGKILL while deliveries are pending,
 * and started again on the same data: every job is delivered, none twice, and every PDF counted once.
 */
describe.each([
  ['the embedded queue', () => ({})],
  ['BullMQ on Redis', () => ({ REDIS_URL, BULLMQ_PREFIX: `pdfgen-test-${randomBytes(6).toString('hex')}` })],
])('jobs survive a crash of the service, on %s', (_, queueEnv) => {
  let dataDir: string;
  let env: Record<string, string>;
  let receiver: Receiver;
  let service: ServiceProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-restart-'));
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

  const newWorkspace = async () => {
    const ws = (await call('/admin/v1/workspaces', { method: 'POST', body: { name: 'restart', plan: 'pro' } })).body;
    receiver.trust(ws.webhookSecret);
    const { key } = (await call(`/admin/v1/workspaces/${ws.id}/keys`, { method: 'POST', body: {} })).body;
    const submit = async () => {
      const res = await call('/api/v1/generate', { method: 'POST', key, body: { templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url: receiver.url() } } });
      expect(res.status).toBe(202);
      return res.body.jobId as string;
    };
    return { id: ws.id as string, key: key as string, submit };
  };

  const stop = async () => {
    service!.child.kill('SIGTERM');
    return service!.exited;
  };

  it('delivers every job exactly once after a SIGKILL, counting each PDF once', async () => {
    receiver.respond = () => 503;
    service = await startServiceProcess(env);
    const { id, key, submit } = await newWorkspace();

    const jobIds: string[] = [];
    for (let i = 0; i < JOBS_BEFORE_KILL; i++) jobIds.push(await submit());
    await waitUntil(() => jobIds.every((id) => receiver.forJob(id).length > 0), 15_000, 'a failed attempt for every job');
    for (let i = 0; i < JOBS_AT_KILL; i++) jobIds.push(await submit());
    service.child.kill('SIGKILL');
    await service.exited;

    receiver.respond = () => 200;
    service = await startServiceProcess(env);
    await waitUntil(async () => {
      const statuses = await Promise.all(jobIds.map(async (id) => (await call(`/api/v1/jobs/${id}`, { key })).body.status as string));
      return statuses.every((status) => status === 'delivered');
    }, 30_000, 'every job to be delivered');

    for (const id of jobIds) {
      const requests = receiver.forJob(id);
      expect(requests.filter((r) => r.answered === 200)).toHaveLength(1);
      expect(requests[requests.length - 1].answered).toBe(200);
      expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    }
    const usage = (await call(`/admin/v1/workspaces/${id}`)).body.usage;
    expect(usage.used).toBe(jobIds.length);
    const pdf = await fetch(receiver.forJob(jobIds[0]).at(-1)!.body.pdfUrl.replace(/^http:\/\/localhost:\d+/, service.url));
    expect(pdf.status).toBe(200);
    expect(await stop()).toBe(0);
  });

  it('lets the delivery in hand finish on SIGTERM, then exits cleanly', async () => {
    receiver.respond = () => ({ status: 200, delayMs: 400 });
    service = await startServiceProcess(env);
    const { key, submit } = await newWorkspace();
    const jobId = await submit();
    await receiver.waitForJob(jobId, 1);
    expect(await stop()).toBe(0);

    service = await startServiceProcess(env);
    expect((await call(`/api/v1/jobs/${jobId}`, { key })).body).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(receiver.forJob(jobId)).toHaveLength(1);
  });
});
