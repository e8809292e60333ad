import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { signWebhook } from '../../src/webhooks/webhook-signature';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes received. */
  raw: Buffer;
  body: Record<string, any>;
  receivedAt: number;
  /** The status this receiver answered, or 'hang' when it never answered. */
  answered: number | 'hang';
}

/** What to answer: a status (with optional headers and body, optionally after a delay), or 'hang' to never answer. */
export type Answer = number | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang';

/** Decides the answer to the n-th request (1-based) for one job. */
export type Responder = (request: ReceivedRequest, nthForJob: number) => Answer;

/**
 * A real webhook receiver on 127.0.0.1 that records every request and answers as the test says.
 * Every request must carry a valid signature by a secret the test trusts (see `trust`): one that
 * does not is answered 401, never recorded, and fails the test at the next `forJob`,
 * `waitForJob` or `close`.
 */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  respond: Responder = () => 200;
  private readonly server: Server;
  private readonly hanging: ServerResponse[] = [];
  private readonly secrets = new Set<string>();
  private readonly unverified: string[] = [];

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const request: ReceivedRequest = { path: req.url ?? '', headers: req.headers, raw, body: parse(raw), receivedAt: Date.now(), answered: 200 };
        const problem = this.verificationProblem(request);
        if (problem) {
          this.unverified.push(problem);
          res.writeHead(401).end();
          return;
        }
        const answer = this.respond(request, this.received(request.body.jobId).length + 1);
        request.answered = answer === 'hang' ? 'hang' : typeof answer === 'number' ? answer : answer.status;
        this.requests.push(request);
        if (answer === 'hang') this.hanging.push(res);
        else if (typeof answer === 'number') res.writeHead(answer).end();
        else setTimeout(() => res.writeHead(answer.status, answer.headers).end(answer.body), answer.delayMs ?? 0);
      });
    });
  }

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', done));
    return receiver;
  }

  url(path = '/hook'): string {
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}${path}`;
  }

  /** Accepts deliveries signed with this webhook secret (a workspace's `webhookSecret`). */
  trust(secret: string): void {
    this.secrets.add(secret);
  }

  forJob(jobId: string): ReceivedRequest[] {
    this.failOnUnverified();
    return this.received(jobId);
  }

  /** Waits until `count` requests for the job have arrived. */
  async waitForJob(jobId: string, count: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
    await waitUntil(() => this.forJob(jobId).length >= count, timeoutMs, `${count} requests for job ${jobId}`);
    return this.forJob(jobId);
  }

  async close(): Promise<void> {
    this.hanging.forEach((res) => res.destroy());
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
    this.failOnUnverified();
  }

  private received(jobId: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.body.jobId === jobId);
  }

  /** Why no trusted secret verifies the request, or undefined when one does. */
  private verificationProblem(request: ReceivedRequest): string | undefined {
    const what = `delivery ${request.headers['webhook-id']} of job ${request.body.jobId}`;
    if (this.secrets.size === 0) return `${what} arrived before the test trusted a webhook secret (receiver.trust)`;
    const problems = [...this.secrets].map((secret) => signatureProblems(request, secret));
    if (problems.some((list) => list.length === 0)) return undefined;
    return `${what} is not signed by a trusted secret: ${problems.map((list) => list.join(', ')).join('; ')}`;
  }

  private failOnUnverified(): void {
    if (this.unverified.length > 0) throw new Error(`The webhook receiver refused unverified deliveries:\n${this.unverified.join('\n')}`);
  }
}

/**
 * Verifies a delivery the way a receiver would, over the exact bytes received: with the official
 * Standard Webhooks library (which also bounds the timestamp's age) and with our own signing code.
 */
export function signatureValid(request: ReceivedRequest, secret: string): boolean {
  return signatureProblems(request, secret).length === 0;
}

function signatureProblems(request: ReceivedRequest, secret: string): string[] {
  const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name] ?? '')]));
  const problems: string[] = [];
  try {
    new Webhook(secret).verify(request.raw, headers);
  } catch (error) {
    problems.push(`standardwebhooks: ${(error as Error).message}`);
  }
  const ours = signWebhook(secret, headers['webhook-id'], Number(headers['webhook-timestamp']), request.raw.toString('utf8'));
  if (!headers['webhook-signature'].split(' ').includes(ours)) problems.push('our signWebhook: no matching signature');
  return problems;
}

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function parse(raw: Buffer): Record<string, any> {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return {};
  }
}
