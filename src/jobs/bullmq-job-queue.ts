import type { OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, Queue, Worker } from 'bullmq';
import type { JsonLogger } from '../common/logging/json-logger';
import { JobHandler, JobQueue } from './job-queue.port';

export const BULLMQ_QUEUE_NAME = 'pdfgen-jobs';

/** A worker whose process died loses its jobs' locks; they are handed out again this many times before BullMQ gives up. */
const MAX_STALLED = 20;

/**
 * Longest wait for Redis on any call made for a request, the sweep or /readyz. BullMQ waits for
 * its first connection forever, and a server that accepts and never answers holds any command.
 */
export const REDIS_CALL_TIMEOUT_MS = 2000;

interface EntryData {
  jobId: string;
}

/**
 * The job queue on Redis (REDIS_URL). The queue key doubles as the BullMQ job id, which makes
 * re-adding a waiting entry a no-op. A retry moves the same BullMQ job to the delayed set. Locks
 * last JOB_LEASE_MS and are renewed while a handler runs, so a dead worker's jobs come back
 * after one lease.
 */
export class BullmqJobQueue implements JobQueue, OnApplicationShutdown {
  private readonly queue: Queue<EntryData>;
  private worker?: Worker<EntryData>;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly leaseMs: number,
    private readonly logger: JsonLogger,
  ) {
    // Without the offline queue, a command sent while the connection is down fails at once instead of waiting for it.
    const connection = { url: redisUrl, enableOfflineQueue: false, connectTimeout: REDIS_CALL_TIMEOUT_MS };
    this.queue = new Queue<EntryData>(BULLMQ_QUEUE_NAME, { connection, prefix });
    this.queue.on('error', (error) => this.logger.error('job queue: redis error', { error: String(error) }));
  }

  async enqueue(key: string, jobId: string): Promise<void> {
    // Failed entries are removed too: the jobs table stays the record, and its sweep can add them again.
    await answered(this.queue.add('job', { jobId }, { jobId: key, removeOnComplete: true, removeOnFail: true }), 'queue a job');
  }

  consume(handler: JobHandler, concurrency: number): void {
    this.worker = new Worker<EntryData>(
      BULLMQ_QUEUE_NAME,
      async (job, token) => {
        const outcome = await handler(job.data.jobId);
        if ('retryInMs' in outcome) {
          // If Redis does not answer, the entry fails and is removed; the sweep queues the job again.
          await answered(job.moveToDelayed(Date.now() + outcome.retryInMs, token), 'delay a job');
          throw new DelayedError();
        }
      },
      {
        connection: { url: this.redisUrl, maxRetriesPerRequest: null, connectTimeout: REDIS_CALL_TIMEOUT_MS },
        prefix: this.prefix,
        concurrency,
        lockDuration: this.leaseMs,
        stalledInterval: this.leaseMs,
        maxStalledCount: MAX_STALLED,
      },
    );
    this.worker.on('error', (error) => this.logger.error('job worker: redis error', { error: String(error) }));
  }

  async stopConsuming(): Promise<void> {
    await this.worker?.close();
  }

  async depth(): Promise<number> {
    const counts = await answered(this.queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized'), 'count jobs');
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  }

  /** Readiness: Redis answers a read of the queue. */
  async ping(): Promise<void> {
    await answered(this.queue.getJobCounts('waiting'), 'count jobs');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopConsuming();
    await this.queue.close();
  }
}

/** `call`, or a rejection once Redis has not answered it for REDIS_CALL_TIMEOUT_MS. */
async function answered<T>(call: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_CALL_TIMEOUT_MS} ms (${what})`)), REDIS_CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
