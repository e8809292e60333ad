import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestApp, TestApp } from '../support/test-app';

/** Short time-outs, so the test waits seconds, not the minutes of the defaults. */
const HEADERS_TIMEOUT_MS = 500;
const REQUEST_TIMEOUT_MS = 1_000;
const KEEP_ALIVE_TIMEOUT_MS = 500;
/**
 * Room for a loaded machine: the server looks for expired requests every 125 ms here, so it closes
 * within a few hundred ms of a time-out even when busy. Still below Node's default keep-alive
 * time-out (5 s), so a setting not applied fails the keep-alive test.
 */
const MARGIN_MS = 3_000;
/** A connection still open this long has not been cut at all. */
const GIVE_UP_MS = REQUEST_TIMEOUT_MS + MARGIN_MS + 3_000;

interface Outcome {
  /** Everything the server sent before it closed the connection. */
  received: string;
  /** Milliseconds from the first byte sent to the close; Infinity if the server never closed. */
  closedAfterMs: number;
}

/**
 * Sends `opening`, then `trickle` one byte every 100 ms (a client stretching its request), and
 * waits for the server to close the connection.
 */
function slowClient(port: number, opening: string, trickle = ''): Promise<Outcome> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let received = '';
    let next = 0;
    const dripping = setInterval(() => {
      if (next < trickle.length && socket.writable) socket.write(trickle[next++]);
    }, 100);
    const giveUp = setTimeout(() => {
      socket.destroy();
      finish(Infinity);
    }, GIVE_UP_MS);
    const finish = (closedAfterMs: number) => {
      clearInterval(dripping);
      clearTimeout(giveUp);
      done({ received, closedAfterMs });
    };
    socket.on('connect', () => socket.write(opening));
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    // A reset is a close too: the server may cut a connection while bytes are still coming.
    socket.on('error', () => undefined);
    socket.on('close', () => finish(performance.now() - started));
  });
}

const POST_HEAD = 'POST /api/v1/generate HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer pdfg_x\r\nContent-Type: application/json\r\n';

describe('clients that send slowly are cut off by the server time-outs', () => {
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    app = await startTestApp({
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
    });
    port = (app.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => app?.close());

  /** Closed by its time-out (not before it, and within the margin after it), answered 408 or nothing at all. */
  function expectCutOff(outcome: Outcome, timeoutMs: number): void {
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(timeoutMs);
    expect(outcome.closedAfterMs).toBeLessThan(timeoutMs + MARGIN_MS);
    expect(outcome.received === '' || outcome.received.startsWith('HTTP/1.1 408 ')).toBe(true);
  }

  it('headers sent one byte at a time', async () => {
    const outcome = await slowClient(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n', `X-Slow: ${'a'.repeat(200)}\r\n\r\n`);
    expectCutOff(outcome, HEADERS_TIMEOUT_MS);
  });

  it('a Content-Length larger than the body sent', async () => {
    const outcome = await slowClient(port, `${POST_HEAD}Content-Length: 1000\r\n\r\n{"templateId":`);
    expectCutOff(outcome, REQUEST_TIMEOUT_MS);
  });

  it('a body sent one byte at a time', async () => {
    const outcome = await slowClient(port, `${POST_HEAD}Content-Length: 1000\r\n\r\n`, `{"templateId":"invoice-basic","data":{"x":"${'a'.repeat(900)}"}}`);
    expectCutOff(outcome, REQUEST_TIMEOUT_MS);
  });

  it('a chunked body without its last chunk', async () => {
    const outcome = await slowClient(port, `${POST_HEAD}Transfer-Encoding: chunked\r\n\r\nE\r\n{"templateId":\r\n`);
    expectCutOff(outcome, REQUEST_TIMEOUT_MS);
  });

  it('an idle keep-alive connection', async () => {
    const outcome = await slowClient(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS);
    expect(outcome.closedAfterMs).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + MARGIN_MS);
  });

  it('still answers a request sent in good time', async () => {
    await app.http.get('/healthz').expect(200);
  });
});
