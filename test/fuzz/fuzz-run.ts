import fc from 'fast-check';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { startTestApp, TestApp } from '../support/test-app';
import { INVOICE_BASIC_SAMPLE } from '../../src/templates/samples';
import { fuzzRequest } from './requests';
import { closeClient, Exchange, send, Target } from './send';
import { Answer, answerOf, jsonOf, problemsOf } from './verdict';

/** Requests in flight at once: enough to fill the render line and meet SERVER_BUSY now and then. */
const CONCURRENCY = 4;
/** How long the jobs accepted during the run get to make their first delivery attempt afterwards. */
const JOB_SETTLE_MS = 30_000;

export interface Finding {
  problem: string;
  count: number;
  /** The smallest request that showed it, with its answer. */
  example: Exchange;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  elapsedMs: number;
  /** "status code" (and the details of a 5xx) -> how many answers. */
  distribution: Map<string, number>;
  /** Answer times in ms, sorted. */
  latenciesMs: number[];
  /** The slowest answers, slowest first. */
  slowest: Exchange[];
  /** Requests sent again because a kept-alive connection closed as it was reused. */
  retried: number;
  findings: Finding[];
  /** The checks after the run: /healthz, a normal invoice, jobs that never made a delivery attempt. */
  afterRun: { healthz: string; invoice: string; jobsWithoutAttempt: string[] };
}

/** Boots the real app (SQLite and disk) with a webhook sink, sends `requests` fuzzed requests and judges every answer. */
export async function runFuzz(requests: number, seed: number): Promise<FuzzReport> {
  const sink = await startSink();
  const app = await startTestApp({
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_MAX_ATTEMPTS: '2',
    WEBHOOK_RETRY_BASE_MS: '100',
    WEBHOOK_TIMEOUT_MS: '2000',
    // A short render line, so that overload (503 SERVER_BUSY) is part of what gets fuzzed.
    RENDER_QUEUE_LIMIT: '1',
  });
  try {
    const target = await prepareTarget(app, sink);
    const distribution = new Map<string, number>();
    const findings = new Map<string, Finding>();
    const accepted: Array<{ id: string; key: string }> = [];
    const exchanges: Exchange[] = [];
    const started = performance.now();
    const judge = (exchange: Exchange) => {
      exchanges.push({ ...exchange, body: Buffer.alloc(0), sent: { ...exchange.sent, body: undefined } });
      const answer = answerOf(exchange);
      const label = describeAnswer(answer, exchange);
      distribution.set(label, (distribution.get(label) ?? 0) + 1);
      for (const problem of problemsOf(exchange)) record(findings, problem, exchange);
      collectIds(exchange, target, accepted);
    };
    await fc.assert(
      fc.asyncProperty(fc.array(fuzzRequest, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        const exchanges = await Promise.all(batch.map((fr) => send(fr, target)));
        exchanges.forEach(judge);
      }),
      { seed, numRuns: Math.ceil(requests / CONCURRENCY), endOnFailure: true },
    );
    const elapsedMs = performance.now() - started;
    const afterRun = await checkAfterRun(app, target, accepted);
    const bySpeed = exchanges.sort((a, b) => b.elapsedMs - a.elapsedMs);
    return {
      seed,
      requests: exchanges.length,
      elapsedMs,
      distribution,
      latenciesMs: bySpeed.map((exchange) => exchange.elapsedMs).reverse(),
      slowest: bySpeed.slice(0, 5),
      retried: exchanges.filter((exchange) => exchange.retried).length,
      findings: [...findings.values()],
      afterRun,
    };
  } finally {
    closeClient();
    await app.close();
    await new Promise((done) => sink.close(done));
  }
}

/** A webhook receiver that accepts every delivery. */
async function startSink(): Promise<Server> {
  const sink = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise<void>((ready) => sink.listen(0, '127.0.0.1', ready));
  return sink;
}

/** Workspaces on every plan (with room for the whole run), a suspended one, and two others the operator API may maul. */
async function prepareTarget(app: TestApp, sink: Server): Promise<Target> {
  const roomy = { monthlyLimit: 1_000_000_000 };
  const [business, pro, free, suspended, victimA, victimB] = await Promise.all([
    app.createWorkspace('business', roomy),
    app.createWorkspace('pro', roomy),
    app.createWorkspace('free', roomy),
    app.createWorkspace('pro', roomy),
    app.createWorkspace('free'),
    app.createWorkspace('business'),
  ]);
  await app.admin.patch(`/workspaces/${suspended.id}`, { suspended: true }).expect(200);
  return {
    port: (app.app.getHttpServer().address() as AddressInfo).port,
    sinkUrl: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`,
    keys: { business: business.key, pro: pro.key, free: free.key, suspended: suspended.key },
    pools: { files: [], jobs: [], workspaces: [victimA.id, victimB.id], keys: [] },
  };
}

function describeAnswer({ status, code, details }: Answer, exchange: Exchange): string {
  if (exchange.failure) return 'no answer';
  const unnamed = exchange.sent.method === 'HEAD' ? '(HEAD)' : '(no code)';
  return [status, code ?? (status < 400 ? '' : unnamed), details ? `"${details}"` : ''].join(' ').trim();
}

function record(findings: Map<string, Finding>, problem: string, exchange: Exchange): void {
  const known = findings.get(problem);
  if (!known) {
    findings.set(problem, { problem, count: 1, example: exchange });
    return;
  }
  known.count++;
  if ((exchange.sent.body?.length ?? 0) < (known.example.sent.body?.length ?? 0)) known.example = exchange;
}

/** Ids from successful answers feed later requests: real files to range over, real jobs, workspaces and keys to change. */
function collectIds(exchange: Exchange, target: Target, accepted: Array<{ id: string; key: string }>): void {
  if (exchange.status !== 200 && exchange.status !== 201 && exchange.status !== 202) return;
  const body = jsonOf(exchange);
  if (!body) return;
  const { pools } = target;
  if (typeof body.pdfUrl === 'string') pools.files.push(/\/files\/([^/]+)\.pdf$/.exec(body.pdfUrl)?.[1] ?? '');
  if (exchange.status === 202 && typeof body.jobId === 'string' && exchange.sent.path.endsWith('/generate')) {
    pools.jobs.push(body.jobId);
    const key = exchange.sent.headers['X-API-Key'] ?? exchange.sent.headers.Authorization?.replace(/^Bearer /, '');
    if (key) accepted.push({ id: body.jobId, key });
  }
  if (exchange.sent.method === 'POST' && exchange.sent.path === '/admin/v1/workspaces' && typeof body.id === 'string') pools.workspaces.push(body.id);
  const keyOf = /^\/admin\/v1\/workspaces\/([^/]+)\/keys$/.exec(exchange.sent.path);
  if (exchange.sent.method === 'POST' && keyOf && typeof body.id === 'string') pools.keys.push({ workspace: keyOf[1], key: body.id });
}

/** After the storm: the service answers /healthz, renders a plain invoice, and every accepted job has tried to deliver. */
async function checkAfterRun(app: TestApp, target: Target, accepted: Array<{ id: string; key: string }>): Promise<FuzzReport['afterRun']> {
  // Jobs first: while they render, the short render line could turn the invoice away as busy.
  const stuck = await jobsWithoutAttempt(app, accepted);
  const health = await app.http.get('/healthz');
  const invoice = await app.http
    .post('/api/v1/generate')
    .set('X-API-Key', target.keys.business)
    .send({ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, outputFormat: 'buffer' })
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => done(null, Buffer.concat(chunks)));
    });
  return {
    healthz: `${health.status} ${JSON.stringify(health.body)}`,
    invoice: `${invoice.status} ${(invoice.body as Buffer).subarray(0, 5).toString('latin1')}`,
    jobsWithoutAttempt: stuck,
  };
}

/** Jobs still without a single delivery attempt once the run has had JOB_SETTLE_MS to deliver them. */
async function jobsWithoutAttempt(app: TestApp, accepted: Array<{ id: string; key: string }>): Promise<string[]> {
  const deadline = Date.now() + JOB_SETTLE_MS;
  let waiting = accepted;
  while (waiting.length > 0 && Date.now() < deadline) {
    const views = await Promise.all(waiting.map(async (job) => ({ job, view: (await app.http.get(`/api/v1/jobs/${job.id}`).set('X-API-Key', job.key)).body })));
    waiting = views.filter(({ view }) => !(view.attempts > 0 || view.status === 'failed')).map(({ job }) => job);
    if (waiting.length > 0) await new Promise((r) => setTimeout(r, 500));
  }
  return waiting.map((job) => job.id);
}
