import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import { BULLMQ_QUEUE_NAME } from '../../src/jobs/bullmq-job-queue';
import { createTestDatabase, TestDatabase } from '../support/postgres';
import { startS3Server, TestS3Server } from '../support/s3-server';
import { sample } from '../support/samples';
import { bootstrapKey, ServiceProcess, startServiceProcess } from '../support/service-process';

const ADMIN_TOKEN = 'replicas-admin-token-0123456789';
const BUCKET = 'pdfgen-replicas';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A prefix of this run's own, so that its Redis keys can all be deleted afterwards. */
const BULLMQ_PREFIX = `pdfgen-test-${randomBytes(6).toString('hex')}`;

/** Webhook deliveries as they arrive; `hold` keeps the next one unanswered, as a receiver that is slow to reply. */
class WebhookReceiver {
  readonly deliveries: Array<{ id: string; raw: Buffer; headers: Record<string, string>; body: Record<string, unknown>; res: ServerResponse }> = [];
  hold = false;
  private readonly server: Server = createServer((req, res) => void this.receive(req, res));

  async start(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}/hook`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }

  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(req.headers[name] ?? '')]));
    this.deliveries.push({ id: headers['webhook-id'], raw, headers, body: JSON.parse(raw.toString()), res });
    if (!this.hold) res.writeHead(200).end();
  }
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Service processes (`node dist/main.js`) sharing one PostgreSQL database, one bucket and one Redis, as behind a load balancer. */
describe('two replicas sharing PostgreSQL, S3 and Redis', () => {
  let dataDir: string;
  let database: TestDatabase;
  let s3: TestS3Server;
  let replicas: ServiceProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-replicas-'));
    database = await createTestDatabase();
    s3 = await startS3Server(join(dataDir, 's3'), [BUCKET]);
    env = {
      DATABASE_URL: database.url,
      ...s3.env(BUCKET),
      REDIS_URL,
      BULLMQ_PREFIX,
      ADMIN_TOKEN,
      BOOTSTRAP: 'true',
      RATE_LIMIT_PER_SECOND: '0',
      RENDER_WORKERS: '1',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // A killed replica's job goes to another after one lease.
      JOB_LEASE_MS: '1000',
    };
    // Both start at the same moment on the empty database: migrations and bootstrap must take turns.
    const started = await Promise.allSettled([0, 1].map((i) => startServiceProcess({ ...env, DATA_DIR: join(dataDir, `replica-${i}`) })));
    replicas = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => (r.child.kill('SIGTERM'), r.exited)));
    await s3?.close();
    await database?.drop();
    const queue = new Queue(BULLMQ_QUEUE_NAME, { connection: { url: REDIS_URL }, prefix: BULLMQ_PREFIX });
    await queue.obliterate({ force: true });
    await queue.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = (replica: ServiceProcess, path: string, body?: object) =>
    fetch(`${replica.url}/admin/v1${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    }).then((res) => res.json() as Promise<Record<string, any>>);
  const generate = (replica: ServiceProcess, key: string, outputFormat = 'url') =>
    fetch(`${replica.url}/api/v1/generate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify({ templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat }),
    });
  const download = async (replica: ServiceProcess, path: string, range?: string) => {
    const res = await fetch(`${replica.url}${path}`, { headers: range ? { Range: range } : {} });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  async function workspace(replica: ServiceProcess, extra: object): Promise<string> {
    const created = await admin(replica, '/workspaces', { name: 'replicated', plan: 'pro', ...extra });
    return (await admin(replica, `/workspaces/${created.id}/keys`, {})).key;
  }

  it('starting together on an empty database, exactly one creates the default workspace', async () => {
    // Announced whatever LOG_LEVEL says (warn here): the key is shown only once.
    expect(replicas.filter((r) => bootstrapKey(r) !== undefined).length).toBe(1);
    const { workspaces } = await admin(replicas[1], '/workspaces');
    expect(workspaces.map((w: { name: string }) => w.name)).toEqual(['default']);
  });

  it('lets exactly the monthly limit through over both replicas together', async () => {
    const limit = 6;
    const key = await workspace(replicas[0], { monthlyLimit: limit });
    const responses = await Promise.all(Array.from({ length: 24 }, (_, i) => generate(replicas[i % 2], key, 'base64')));
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(limit);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(24 - limit);
    expect(ok.map((r) => Number(r.headers.get('x-usage-remaining'))).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('serves a file generated through one replica from the other, ranges included', async () => {
    const key = await workspace(replicas[1], {});
    for (const [maker, server] of [replicas, [...replicas].reverse()]) {
      const { pdfUrl } = (await (await generate(maker, key)).json()) as { pdfUrl: string };
      const path = new URL(pdfUrl).pathname;
      const original = await download(maker, path);
      const elsewhere = await download(server, path);
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.bytes.equals(original.bytes)).toBe(true);
      const part = await download(server, path, 'bytes=0-7');
      expect({ status: part.status, bytes: part.bytes.toString('latin1') }).toEqual({ status: 206, bytes: original.bytes.subarray(0, 8).toString('latin1') });
    }
  });

  it('delivers a webhook job queued through one replica from another when the first is killed', async () => {
    const receiver = new WebhookReceiver();
    const hook = await receiver.start();
    try {
      // Only the first replica consumes, so the first attempt is surely its own.
      replicas[1].child.kill('SIGTERM');
      await replicas[1].exited;
      const [first] = replicas;
      const created = await admin(first, '/workspaces', { name: 'replicated', plan: 'pro' });
      const key = (await admin(first, `/workspaces/${created.id}/keys`, {})).key;
      receiver.hold = true;
      const accepted = await fetch(`${first.url}/api/v1/generate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
        body: JSON.stringify({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url: hook } }),
      });
      expect(accepted.status).toBe(202);
      const { jobId } = (await accepted.json()) as { jobId: string };
      await waitFor(() => receiver.deliveries.length === 1, 'the first attempt');

      first.child.kill('SIGKILL');
      await first.exited;
      receiver.hold = false;
      const other = await startServiceProcess({ ...env, DATA_DIR: join(dataDir, 'replica-2') });
      replicas.push(other);
      await waitFor(() => receiver.deliveries.length >= 2, 'the delivery by the other replica');

      const [attempt, delivered] = receiver.deliveries;
      expect(delivered.id).toBe(attempt.id);
      // Both replicas sign as the Standard Webhooks reference library verifies.
      for (const { raw, headers } of receiver.deliveries) expect(() => new Webhook(created.webhookSecret).verify(raw, headers)).not.toThrow();
      expect(delivered.body).toMatchObject({ success: true, jobId, templateId: 'invoice-basic' });
      expect((await download(other, new URL(String(delivered.body.pdfUrl)).pathname)).status).toBe(200);
      const job = async () => (await fetch(`${other.url}/api/v1/jobs/${jobId}`, { headers: { 'X-API-Key': key } })).json() as Promise<{ status: string }>;
      await waitFor(async () => (await job()).status === 'delivered', 'the job to read delivered');
    } finally {
      await receiver.close();
    }
  });
});
