import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers: a status with headers and a JSON (or text) body, 'drop' to cut the connection, 'hang' never to answer. */
export type FakeAnswer = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop' | 'hang';

export interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** An HTTP server that answers each request with the next scripted answer, and records what it got. */
export class FakeServer {
  readonly requests: FakeRequest[] = [];
  private readonly server: Server;

  private constructor(private readonly answers: FakeAnswer[]) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
        const answer = this.answers.shift() ?? { status: 500, body: 'no answer scripted' };
        if (answer === 'drop') return req.socket.destroy();
        if (answer === 'hang') return;
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
        const type = typeof answer.body === 'string' ? 'text/html' : 'application/json';
        res.writeHead(answer.status, { 'Content-Type': type, ...answer.headers }).end(text);
      });
    });
  }

  static async start(answers: FakeAnswer[]): Promise<FakeServer> {
    const fake = new FakeServer(answers);
    await new Promise<void>((done) => fake.server.listen(0, '127.0.0.1', done));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
  }
}
