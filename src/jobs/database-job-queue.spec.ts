import { JobStore, openJobStore } from '../../test/webhooks/job-store';
import { waitUntil } from '../../test/webhooks/receiver';
import { JsonLogger } from '../common/logging/json-logger';
import { DatabaseJobQueue } from './database-job-queue';
import { JobOutcome } from './job-queue.port';
import { execute, sql } from './sql-script';

const LEASE_MS = 600;
/** How long to wait for something the queue should do in well under a second: only so a defect does not hang the test. */
const WAIT_MS = 10_000;

describe('DatabaseJobQueue', () => {
  let store: JobStore;
  const queues: DatabaseJobQueue[] = [];
  const newQueue = () => {
    const queue = new DatabaseJobQueue(store.dataSource, LEASE_MS, new JsonLogger('silent'));
    queues.push(queue);
    return queue;
  };

  beforeEach(async () => {
    store = await openJobStore();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stopConsuming()));
    await store.close();
  });

  it('hands an entry to one consumer, keeps it while the handler runs past its lease, and removes it when done', async () => {
    const { jobId } = await store.addJob();
    const seen: string[] = [];
    let finish!: (outcome: JobOutcome) => void;
    const slow = (consumer: string) => (id: string) => {
      seen.push(`${consumer}:${id}`);
      return new Promise<JobOutcome>((resolve) => (finish = resolve));
    };
    const [a, b] = [newQueue(), newQueue()];
    a.consume(slow('a'), 4);
    b.consume(slow('b'), 4);
    await a.enqueue('entry-1', jobId);
    await a.enqueue('entry-1', jobId);
    await waitUntil(() => seen.length > 0, WAIT_MS, 'a claim');
    await new Promise((r) => setTimeout(r, LEASE_MS * 2));
    expect(seen).toHaveLength(1);
    finish({ done: true });
    await waitUntil(async () => (await a.depth()) === 0, WAIT_MS, 'the entry to go');
  });

  it('hands an entry out again after the retry delay', async () => {
    const { jobId } = await store.addJob();
    const times: number[] = [];
    const queue = newQueue();
    queue.consume(async () => {
      times.push(Date.now());
      return times.length < 3 ? { retryInMs: 100 } : { done: true };
    }, 1);
    await queue.enqueue('entry-1', jobId);
    await waitUntil(() => times.length === 3, WAIT_MS, 'three runs');
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(95);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(95);
  });

  it("gives a dead process's entry to another once its lease has run out", async () => {
    const { jobId } = await store.addJob();
    const leaseEnds = Date.now() + LEASE_MS;
    await execute(store.dataSource, sql("INSERT INTO job_queue (id, job_id, run_at, locked_by, locked_until) VALUES ('entry-1', ?, 0, 'dead-process', ?)", jobId, leaseEnds));
    const handledAt: number[] = [];
    newQueue().consume(async () => {
      handledAt.push(Date.now());
      return { done: true };
    }, 1);
    await waitUntil(() => handledAt.length === 1, WAIT_MS, 'the entry to be handed out again');
    expect(handledAt[0]).toBeGreaterThanOrEqual(leaseEnds);
  });
});
