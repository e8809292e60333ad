import { request } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { expectError } from '../support/expect-error';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../support/test-app';

/** A GET with an `Expect` header, sent with Node's client (superagent mishandles such a header). */
function getWithExpect(t: TestApp, path: string, expectation: string): Promise<{ status: number; type: string; body: Record<string, unknown> }> {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { Expect: expectation } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: text ? JSON.parse(text) : {} });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** Writes `raw` on its own connection and reads everything until the server closes it. */
function rawExchange(t: TestApp, raw: string): Promise<string> {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(raw));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

/** Status and JSON body of a raw answer. */
function parsed(answer: string): { status: number; body: Record<string, unknown> } {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

/** Requests Node or Express refuse before our middleware runs still get the contract's answers (found by the HTTP fuzz). */
describe('requests malformed below the routes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a path that does not decode (%C3) answers 400 with a request id, in the body and the header', async () => {
    const res = await t.http.get('/files/%C3.pdf');
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an Expect other than 100-continue is ignored, not answered with a bare 417', async () => {
    const listed = await getWithExpect(t, '/api/v1/templates', 'something-else');
    expect({ status: listed.status, total: listed.body.total }).toEqual({ status: 200, total: 4 });
    const missing = await getWithExpect(t, '/files/nope.pdf', 'x');
    expect({ status: missing.status, type: missing.type, code: missing.body.code }).toEqual({ status: 404, type: 'application/json; charset=utf-8', code: 'NOT_FOUND' });
  });

  it('a path holding an encoded NUL names nothing: 404, also where PostgreSQL would refuse the lookup', async () => {
    const ws = await t.createWorkspace('business');
    const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
    for (const path of ['/admin/v1/workspaces/%00', `/admin/v1/workspaces/${ws.id}/keys/a%00b`]) {
      expectError(await t.http.get(path).set(admin), 404, 'Not found', 'NOT_FOUND');
    }
    expectError(await t.http.delete(`/admin/v1/workspaces/${ws.id}/keys/%00`).set(admin), 404, 'Not found', 'NOT_FOUND');
    expectError(await t.http.get('/api/v1/jobs/%00').set('X-API-Key', ws.key), 404, 'Not found', 'NOT_FOUND');
  });

  it('requests Node itself refuses get the contract shape too', async () => {
    const both = await rawExchange(t, 'POST /api/v1/generate HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n');
    expect(parsed(both)).toMatchObject({ status: 400, body: { success: false, error: 'Malformed HTTP request', code: 'MALFORMED_REQUEST' } });
    const huge = await rawExchange(t, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(parsed(huge)).toMatchObject({ status: 431, body: { success: false, error: 'Request headers too large', code: 'HEADERS_TOO_LARGE' } });
    expect(parsed(huge).body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
