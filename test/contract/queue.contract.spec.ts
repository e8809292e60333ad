import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { JsonLogger } from '../../src/common/logging/json-logger';
import { BULLMQ_QUEUE_NAME, BullmqJobQueue } from '../../src/jobs/bullmq-job-queue';
import { DatabaseJobQueue } from '../../src/jobs/database-job-queue';
import type { JobHandler, JobQueue } from '../../src/jobs/job-queue.port';
import { JobEntity, JobRequest } from '../../src/jobs/job.entity';
import { createTestDatabase } from '../support/postgres';
import { openStore, StoreServices } from '../support/store-services';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LEASE_MS = 2000;
const silent = new JsonLogger('silent');

/** One queue shared by replicas: `replica()` makes one more process's view of it. */
interface QueueUnderTest {
  replica(): Promise<JobQueue & { onApplicationShutdown(): Promise<void> }>;
  /** A job the queue may carry (where the queue is a table, a row of the jobs table). */
  newJob(): Promise<string>;
  tearDown(): Promise<void>;
}

/** The embedded queue on a store; each replica has a data source of its own. */
async function embedded(where: { dataDir: string; databaseUrl?: string }, dropStore: () => Promise<void>): Promise<QueueUnderTest> {
  const stores: StoreServices[] = [await openStore(where)];
  const { id: workspaceId } = await stores[0].workspaces.create({ name: 'queue', plan: 'pro' });
  return {
    async replica() {
      const store = await openStore(where);
      stores.push(store);
      return new DatabaseJobQueue(store.dataSource, LEASE_MS, silent);
    },
    async newJob() {
      const id = randomUUID();
      const job: Partial<JobEntity> = {
        id, workspaceId, templateId: 'invoice-basic', status: 'queued', request: { data: {}, options: {} } as JobRequest,
        webhookUrl: 'https://example.com/hook', webhookHeaders: {}, deliveryId: deliveryKey(id), createdAt: Date.now(), updatedAt: Date.now(),
      };
      await stores[0].dataSource.getRepository(JobEntity).save(job);
      return id;
    },
    async tearDown() {
      await Promise.all(stores.map((s) => s.dataSource.destroy()));
      await dropStore();
    },
  };
}

const adapters: Array<{ name: string; setUp(): Promise<QueueUnderTest> }> = [
  {
    name: 'embedded on SQLite',
    async setUp() {
      const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-queue-'));
      return embedded({ dataDir }, async () => rmSync(dataDir, { recursive: true, force: true }));
    },
  },
  {
    name: 'embedded on PostgreSQL',
    async setUp() {
      const database = await createTestDatabase();
      return embedded({ dataDir: tmpdir(), databaseUrl: database.url }, () => database.drop());
    },
  },
  {
    name: 'BullMQ on Redis',
    async setUp() {
      // A prefix of this run's own, so that its keys can all be deleted afterwards.
      const prefix = `pdfgen-test-${randomBytes(6).toString('hex')}`;
      return {
        replica: async () => new BullmqJobQueue(REDIS_URL, prefix, LEASE_MS, silent),
        newJob: async () => randomUUID(),
        async tearDown() {
          const queue = new Queue(BULLMQ_QUEUE_NAME, { connection: { url: REDIS_URL }, prefix });
          await queue.obliterate({ force: true });
          await queue.close();
        },
      };
    },
  },
];

/** Keys shaped like the ones the service uses: delivery ids. */
function deliveryKey(jobId: string): string {
  return `msg_${jobId.replace(/-/g, '')}`;
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(adapters)('job queue contract: $name', (adapter) => {
  let queue: QueueUnderTest;
  let one: Awaited<ReturnType<QueueUnderTest['replica']>>;
  let two: Awaited<ReturnType<QueueUnderTest['replica']>>;

  beforeAll(async () => {
    queue = await adapter.setUp();
  });
  afterAll(() => queue?.tearDown());
  beforeEach(async () => {
    [one, two] = [await queue.replica(), await queue.replica()];
  });
  afterEach(async () => {
    await Promise.all([one.onApplicationShutdown(), two.onApplicationShutdown()]);
  });

  it('hands a job queued through one replica to a consumer on the other, and forgets it when done', async () => {
    const jobId = await queue.newJob();
    await one.enqueue(deliveryKey(jobId), jobId);
    expect(await one.depth()).toBe(1);
    const handled: string[] = [];
    two.consume(async (id) => (handled.push(id), { done: true }), 1);
    await waitFor(() => handled.length === 1, 'the job');
    expect(handled).toEqual([jobId]);
    await waitFor(async () => (await one.depth()) === 0, 'an empty queue');
  });

  it('ignores a key queued again while it waits', async () => {
    const jobId = await queue.newJob();
    await one.enqueue(deliveryKey(jobId), jobId);
    await two.enqueue(deliveryKey(jobId), jobId);
    expect(await one.depth()).toBe(1);
    const handled: string[] = [];
    one.consume(async (id) => (handled.push(id), { done: true }), 1);
    await waitFor(async () => handled.length === 1 && (await one.depth()) === 0, 'the job');
    await sleep(300);
    expect(handled).toEqual([jobId]);
  });

  it('gives each job to exactly one replica, each running at most `concurrency` at once', async () => {
    const jobIds = await Promise.all(Array.from({ length: 8 }, () => queue.newJob()));
    for (const id of jobIds) await one.enqueue(deliveryKey(id), id);
    const handled: string[] = [];
    const busiest = [0, 0];
    const consumer = (replica: number): JobHandler => {
      let active = 0;
      return async (id) => {
        busiest[replica] = Math.max(busiest[replica], ++active);
        await sleep(100);
        active--;
        handled.push(id);
        return { done: true };
      };
    };
    one.consume(consumer(0), 2);
    two.consume(consumer(1), 2);
    await waitFor(() => handled.length >= jobIds.length, 'every job');
    await sleep(300);
    expect([...handled].sort()).toEqual([...jobIds].sort());
    expect(Math.max(...busiest)).toBeLessThanOrEqual(2);
  });

  it('brings a job back after the delay its handler asked for', async () => {
    const jobId = await queue.newJob();
    await one.enqueue(deliveryKey(jobId), jobId);
    const calls: number[] = [];
    two.consume(async () => (calls.push(Date.now()), calls.length === 1 ? { retryInMs: 400 } : { done: true }), 1);
    await waitFor(async () => calls.length === 2 && (await two.depth()) === 0, 'the retry');
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(350);
  });

  it('stops consuming only once the running handler has finished', async () => {
    const jobId = await queue.newJob();
    await one.enqueue(deliveryKey(jobId), jobId);
    let state = 'waiting';
    one.consume(async () => {
      state = 'running';
      await sleep(300);
      state = 'finished';
      return { done: true };
    }, 1);
    await waitFor(() => state === 'running', 'the handler to start');
    await one.stopConsuming();
    expect(state).toBe('finished');
  });
});
