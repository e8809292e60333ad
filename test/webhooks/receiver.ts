import { createHmac } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';

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

/** What to answer: a status (with optional headers, optionally after a delay), or 'hang' to never answer. */
export type Answer = number | { status: number; headers?: Record<string, string>; delayMs?: number } | 'hang';

/** Decides the answer to the n-th request (1-based) for one job. */
export type Responder = (request: ReceivedRequest, nthForJob: number) => Answer;

/** A real webhook receiver on 127.0.0.1 that records every request and answers as the test says. */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  respond: Responder = () => 200;
  private readonly server: Server;
  private readonly hanging: ServerResponse[] = [];

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const request: ReceivedRequest = { path: req.url ?? '', headers: req.headers, raw, body: parse(raw), receivedAt: Date.now(), answered: 200 };
        const answer = this.respond(request, this.forJob(request.body.jobId).length + 1);
        request.answered = answer === 'hang' ? 'hang' : typeof answer === 'number' ? answer : answer.status;
        this.requests.push(request);
        if (answer === 'hang') this.hanging.push(res);
        else if (typeof answer === 'number') res.writeHead(answer).end();
        else setTimeout(() => res.writeHead(answer.status, answer.headers).end(), answer.delayMs ?? 0);
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

  forJob(jobId: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.body.jobId === jobId);
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
  }
}

/** Verifies a Standard Webhooks signature the way a receiver would, over the exact bytes received. */
export function signatureValid(request: ReceivedRequest, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.raw.toString('utf8')}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return String(request.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
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
