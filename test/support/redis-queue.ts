import { Queue } from 'bullmq';
import { BULLMQ_QUEUE_NAME } from '../../src/jobs/bullmq-job-queue';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Deletes every key of a test's BullMQ queue (its own prefix), so that Redis is left as it was found. */
export async function removeQueue(prefix: string, redisUrl = TEST_REDIS_URL): Promise<void> {
  const queue = new Queue(BULLMQ_QUEUE_NAME, { connection: { url: redisUrl }, prefix });
  await queue.obliterate({ force: true });
  await queue.close();
}
