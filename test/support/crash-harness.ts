import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeQueue, TEST_REDIS_URL } from './redis-queue';
import { ServiceProcess, startServiceProcess } from './service-process';
import { ADMIN_TOKEN } from './test-app';

/** The queues a crash test runs on: the embedded one, and BullMQ on a Redis prefix of its own. */
export const CRASH_QUEUES: Array<[string, () => Record<string, string>]> = [
  ['the embedded queue', () => ({})],
  ['BullMQ on Redis', () => ({ REDIS_URL: TEST_REDIS_URL, BULLMQ_PREFIX: `pdfgen-test-${randomBytes(6).toString('hex')}` })],
];

/**
 * The built service (`node dist/main.js`) on a data folder that outlives it, to be killed and started
 * again: short webhook back-offs, a short job lease (a dead process's jobs are taken over within a
 * second) and the operator's or a key's calls over HTTP.
 */
export class CrashHarness {
  readonly env: Record<string, string>;
  service?: ServiceProcess;

  constructor(queueEnv: Record<string, string>) {
    this.env = {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pdfgen-crash-')),
      ADMIN_TOKEN,
      BOOTSTRAP: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_SECOND: '0',
      RENDER_WORKERS: '2',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_MAX_ATTEMPTS: '30',
      JOB_LEASE_MS: '1000',
      ...queueEnv,
    };
  }

  async start(): Promise<ServiceProcess> {
    this.service = await startServiceProcess(this.env);
    return this.service;
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null> {
    this.service!.child.kill(signal);
    return this.service!.exited;
  }

  /** A call as the operator, or with `key`; the JSON answer. */
  async call(path: string, init: { method?: string; key?: string; body?: object } = {}): Promise<{ status: number; body: any }> {
    const auth: Record<string, string> = init.key ? { 'X-API-Key': init.key } : { Authorization: `Bearer ${ADMIN_TOKEN}` };
    const res = await fetch(`${this.service!.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', ...auth },
      body: init.body && JSON.stringify(init.body),
    });
    return { status: res.status, body: await res.json() };
  }

  async close(): Promise<void> {
    if (this.service && this.service.child.exitCode === null) await this.kill('SIGTERM');
    if (this.env.BULLMQ_PREFIX) await removeQueue(this.env.BULLMQ_PREFIX);
    rmSync(this.env.DATA_DIR, { recursive: true, force: true });
  }
}
