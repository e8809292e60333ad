import { CRASH_QUEUES, CrashHarness } from '../support/crash-harness';
import { sample } from '../support/samples';
import { Receiver, waitUntil } from './receiver';

const JOBS_BEFORE_KILL = 6;
/** Queued right before the kill, so some die while queued or rendering. */
const JOBS_AT_KILL = 3;

/**
 * The built service (`node dist/main.js`) is killed with SIGKILL while deliveries are pending,
 * and started again on the same data: every job is delivered, none twice, and every PDF counted once.
 */
describe.each(CRASH_QUEUES)('jobs survive a crash of the service, on %s', (_, queueEnv) => {
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

  it('delivers every job exactly once after a SIGKILL, counting each PDF once', async () => {
    receiver.respond = () => 503;
    await harness.start();
    const { id, key, submit } = await newWorkspace();

    const jobIds: string[] = [];
    for (let i = 0; i < JOBS_BEFORE_KILL; i++) jobIds.push(await submit());
    await waitUntil(() => jobIds.every((id) => receiver.forJob(id).length > 0), 15_000, 'a failed attempt for every job');
    for (let i = 0; i < JOBS_AT_KILL; i++) jobIds.push(await submit());
    await harness.kill('SIGKILL');

    receiver.respond = () => 200;
    await harness.start();
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
    const pdf = await fetch(receiver.forJob(jobIds[0]).at(-1)!.body.pdfUrl.replace(/^http:\/\/localhost:\d+/, harness.service!.url));
    expect(pdf.status).toBe(200);
    expect(await harness.kill('SIGTERM')).toBe(0);
  });

  it('lets the delivery in hand finish on SIGTERM, then exits cleanly', async () => {
    receiver.respond = () => ({ status: 200, delayMs: 400 });
    await harness.start();
    const { key, submit } = await newWorkspace();
    const jobId = await submit();
    await receiver.waitForJob(jobId, 1);
    expect(await harness.kill('SIGTERM')).toBe(0);

    await harness.start();
    expect((await call(`/api/v1/jobs/${jobId}`, { key })).body).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(receiver.forJob(jobId)).toHaveLength(1);
  });
});
