import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createTestDatabase, TestDatabase } from './postgres';
import { removeQueue, TEST_REDIS_URL } from './redis-queue';
import { startS3Server, TestS3Server } from './s3-server';

/** Which adapters a test app runs on: the defaults, or the shared services of a scaled-out deployment. */
export interface TestAdapters {
  store: 'sqlite' | 'postgres';
  files: 'disk' | 's3';
  queue?: 'embedded' | 'bullmq';
}

/** TEST_STORE=postgres, TEST_FILES=s3 and TEST_QUEUE=bullmq run the end-to-end suites on the scaled-out adapters. */
export function adaptersFromEnv(env: Record<string, string | undefined> = process.env): TestAdapters {
  return {
    store: env.TEST_STORE === 'postgres' ? 'postgres' : 'sqlite',
    files: env.TEST_FILES === 's3' ? 's3' : 'disk',
    queue: env.TEST_QUEUE === 'bullmq' ? 'bullmq' : 'embedded',
  };
}

export interface SharedServices {
  /** DATABASE_URL, S3_* and REDIS_URL for the adapters asked for (empty for the defaults). */
  env: Record<string, string>;
  /** Stops this app's S3 server (its objects stay in the data folder); the last app on the folder also drops the database. */
  release(): Promise<void>;
}

/** How many apps run on each data folder. */
const appsOn = new Map<string, number>();

/**
 * A PostgreSQL database and an S3 server for one test app, both named after its data folder,
 * so that an app restarted on the same DATA_DIR finds the same workspaces and files.
 */
export async function sharedServicesFor(dataDir: string, adapters: TestAdapters): Promise<SharedServices> {
  const database: TestDatabase | undefined =
    adapters.store === 'postgres' ? await createTestDatabase(`pdfgen_e2e_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`) : undefined;
  const s3: TestS3Server | undefined = adapters.files === 's3' ? await startS3Server(join(dataDir, 's3'), ['pdfgen-e2e']) : undefined;
  const queuePrefix = adapters.queue === 'bullmq' ? `pdfgen-e2e-${randomBytes(6).toString('hex')}` : undefined;
  appsOn.set(dataDir, (appsOn.get(dataDir) ?? 0) + 1);
  return {
    env: {
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...(s3 ? s3.env('pdfgen-e2e') : {}),
      ...(queuePrefix ? { REDIS_URL: TEST_REDIS_URL, BULLMQ_PREFIX: queuePrefix } : {}),
    },
    async release() {
      await s3?.close();
      if (queuePrefix) await removeQueue(queuePrefix);
      const left = appsOn.get(dataDir)! - 1;
      if (left > 0) {
        appsOn.set(dataDir, left);
      } else {
        appsOn.delete(dataDir);
        await database?.drop();
      }
    },
  };
}
