import { randomUUID } from 'node:crypto';
import { createServer, Server, Socket } from 'node:net';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { execute, sql } from '../../src/jobs/sql-script';
import { JobsService } from '../../src/jobs/jobs.service';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

/** Far above the queue's own bound on a Redis call (2 s), far below BullMQ's wait without one (forever). */
const ANSWER_WITHIN_MS = 10_000;

/** A TCP server that accepts connections and never answers, like a Redis that hangs. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

/** A port on 127.0.0.1 nothing listens on: connections are refused. */
async function closedPort(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return { url: `redis://127.0.0.1:${port}`, close: async () => undefined };
}

describe.each([
  ['refuses connections', closedPort],
  ['accepts and never answers', silentServer],
])('webhook jobs while REDIS_URL %s', (_, redis) => {
  let t: TestApp;
  let server: { url: string; close(): Promise<void> };
  let ws: { id: string; key: string };
  let db: DataSource;

  beforeAll(async () => {
    server = await redis();
    // A short lease: BullMQ's stalled-job check, caught waiting on Redis at close, sleeps one lease before it stops.
    t = await startTestApp({ REDIS_URL: server.url, JOB_LEASE_MS: '1000' });
    ws = await t.createWorkspace('pro');
    db = t.app.get<DataSource>(getDataSourceToken());
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const jobsOf = async (workspaceId: string) => (await execute(db, sql('SELECT id, status FROM jobs WHERE workspace_id = ?', workspaceId))).rows;

  it('answers 503 Server is busy with Retry-After within seconds, keeps no job and counts nothing', async () => {
    const started = Date.now();
    const res = await t.http
      .post('/api/v1/generate')
      .set('X-API-Key', ws.key)
      .send({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url: 'https://93.184.215.14/hook' } })
      .timeout(ANSWER_WITHIN_MS);
    expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
    expectError(res, 503, 'Server is busy', 'SERVER_BUSY');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await jobsOf(ws.id)).toEqual([]);
    expect((await t.admin.get(`/workspaces/${ws.id}/deliveries`).expect(200)).body.deliveries).toEqual([]);
    expect((await t.admin.get(`/workspaces/${ws.id}`).expect(200)).body.usage.used).toBe(0);
  });

  it('reports the queue down on /readyz within seconds', async () => {
    const res = await t.http.get('/readyz').timeout(ANSWER_WITHIN_MS);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', checks: { database: 'ok', queue: 'failed' } });
  });

  it('gives up the sweep of unfinished jobs within seconds, leaving the stored job for the next one', async () => {
    const jobId = randomUUID();
    await execute(
      db,
      sql(
        "INSERT INTO jobs (id, workspace_id, template_id, status, request, webhook_url, webhook_headers, delivery_id, attempts, created_at, updated_at) VALUES (?, ?, 'invoice-basic', 'queued', '{}', 'https://93.184.215.14/hook', '{}', ?, 0, 0, 0)",
        jobId, ws.id, `msg_${jobId.replace(/-/g, '')}`,
      ),
    );
    const started = Date.now();
    await expect(t.app.get(JobsService).requeueUnfinished()).rejects.toThrow(/Redis did not answer/);
    expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
    expect(await jobsOf(ws.id)).toEqual([{ id: jobId, status: 'queued' }]);
  });
});
