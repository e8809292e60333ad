/** What handling a job came to: finished for now, or to be handed out again after a while. */
export type JobOutcome = { done: true } | { retryInMs: number };

/** Processes one job; never throws (failures come back as an outcome). */
export type JobHandler = (jobId: string) => Promise<JobOutcome>;

/**
 * Carries job ids to workers: the embedded queue in the service's own database (default) or
 * BullMQ on Redis (REDIS_URL). The job itself lives in the database either way; the queue only
 * says which job to work on when, and gives a job whose worker died to another one.
 */
export interface JobQueue {
  /** Queues `jobId` under `key`; while an entry with that key waits or runs, adding it again changes nothing. */
  enqueue(key: string, jobId: string): Promise<void>;
  /** Starts handing due entries to `handler`, at most `concurrency` at once. */
  consume(handler: JobHandler, concurrency: number): void;
  /** Stops claiming entries and waits for the running handlers. */
  stopConsuming(): Promise<void>;
  /** Entries waiting or running. */
  depth(): Promise<number>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
