import { freePort } from '../support/free-port';
import { startPostgres } from './postgres-server';
import { startRedis } from './redis-server';
import { startedServices } from './started-services';

/**
 * Starts the PostgreSQL and Redis that the tests use, unless TEST_DATABASE_URL and TEST_REDIS_URL
 * name servers of the caller's choice. Each runs in a temporary folder on a free port, and only
 * what this run started is stopped again (global-teardown.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    const postgres = startPostgres(await freePort());
    startedServices.push(async () => postgres.stop());
    process.env.TEST_DATABASE_URL = postgres.url;
  }
  if (!process.env.TEST_REDIS_URL) {
    const redis = await startRedis(await freePort());
    startedServices.push(() => redis.stop());
    process.env.TEST_REDIS_URL = redis.url;
  }
}
