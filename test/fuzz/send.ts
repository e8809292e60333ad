import { randomUUID } from 'node:crypto';
import { Agent, IncomingHttpHeaders, request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { ADMIN_TOKEN } from '../support/test-app';
import { Credential, FILE_ID_CHARS, FuzzRequest, headerSafe } from './requests';

/** Ids the run has seen so far, for requests that name real files, jobs, workspaces and keys. */
export interface Pools {
  files: string[];
  jobs: string[];
  workspaces: string[];
  keys: Array<{ workspace: string; key: string }>;
}

export interface Target {
  port: number;
  sinkUrl: string;
  keys: Record<'business' | 'pro' | 'free' | 'suspended', string>;
  pools: Pools;
}

/** The request as it went on the wire, for the report. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  mustRefuse?: string;
}

export interface Exchange {
  sent: SentRequest;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  elapsedMs: number;
  /** Set when no complete answer came (connection reset, time-out). */
  failure?: string;
  /** Set when a reused kept-alive connection closed under the request, which was then sent again. */
  retried?: true;
}

/** Enough for any answer of the run (base64 of the largest PDFs); past it an answer is judged cut. */
const MAX_ANSWER_BYTES = 16 << 20;
const ANSWER_TIMEOUT_MS = 120_000;
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export function closeClient(): void {
  agent.destroy();
}

function pickFrom<T>(pool: T[], pick: number): T | undefined {
  return pool.length === 0 ? undefined : pool[pick % pool.length];
}

/** Fills the `{...}` placeholders with ids of the run; an empty pool gives an id that exists nowhere. */
function fill(text: string, fr: FuzzRequest, target: Target): string {
  const key = pickFrom(target.pools.keys, fr.pick);
  const file = pickFrom(target.pools.files, fr.pick) ?? 'AAAAAAAAAAAAAAAAAAAAAAAA';
  return text
    .replaceAll('{sink}', target.sinkUrl)
    .replaceAll('{file}', file)
    .replaceAll('{forged-file}', forged(file, fr.pick))
    .replaceAll('{job}', pickFrom(target.pools.jobs, fr.pick) ?? randomUUID())
    .replaceAll('{workspace}', key?.workspace ?? pickFrom(target.pools.workspaces, fr.pick) ?? randomUUID())
    .replaceAll('{key}', key?.key ?? randomUUID());
}

/** The id with one character replaced, as an attacker flipping bits of a real id would try. */
function forged(id: string, pick: number): string {
  const at = (pick >>> 8) % id.length;
  const replacement = FILE_ID_CHARS[(FILE_ID_CHARS.indexOf(id[at]) + 1 + (pick % 63)) % FILE_ID_CHARS.length];
  return id.slice(0, at) + replacement + id.slice(at + 1);
}

function credentialHeaders(credential: Credential, keys: Target['keys']): Record<string, string> {
  switch (credential) {
    case 'bearer':
      return { Authorization: `Bearer ${keys.business}` };
    case 'wrong':
      return { 'X-API-Key': `pdfg_${randomUUID()}` };
    case 'malformed':
      return { Authorization: headerSafe(`Basic ${keys.business}\u00ff\u0080 x`) };
    case 'none':
      return {};
    default:
      return { 'X-API-Key': keys[credential] };
  }
}

function adminHeaders(auth: FuzzRequest['adminAuth']): Record<string, string> {
  if (auth === 'token') return { Authorization: `Bearer ${ADMIN_TOKEN}` };
  if (auth === 'wrong') return { Authorization: `Bearer ${ADMIN_TOKEN}x` };
  return {};
}

/** The body bytes as the envelope wraps them; `undefined` sends no body at all. */
function wrap(text: string, fr: FuzzRequest, headers: Record<string, string>): Buffer | undefined {
  const utf8 = Buffer.from(text, 'utf8');
  const at = Math.floor((utf8.length * fr.at) / 1000);
  switch (fr.envelope) {
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    case 'utf16':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'gzip':
      headers['Content-Encoding'] = 'gzip';
      return gzipSync(utf8);
    case 'truncated':
      return utf8.subarray(0, at);
    case 'bad-utf8':
      return Buffer.concat([utf8.subarray(0, at), Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xc0, 0xaf]), utf8.subarray(at)]);
    case 'trailing-garbage':
      return Buffer.concat([utf8, Buffer.from(' }{ trailing')]);
    case 'empty':
      return undefined;
    default:
      return utf8;
  }
}

/** Puts one fuzzed request on the wire against the running app and reads the whole answer. */
export async function send(fr: FuzzRequest, target: Target): Promise<Exchange> {
  const path = fill(fr.path, fr, target);
  const headers: Record<string, string> = {
    ...fr.headers,
    ...(path.startsWith('/admin/') ? adminHeaders(fr.adminAuth) : credentialHeaders(fr.credential, target.keys)),
  };
  const body = fr.body === undefined ? undefined : wrap(fill(fr.body, fr, target), fr, headers);
  if (body !== undefined && fr.envelope !== 'chunked') headers['Content-Length'] = String(body.length);
  const sent: SentRequest = { method: fr.method, path, headers, body, mustRefuse: fr.mustRefuse };
  const first = await exchange(sent, target.port);
  // A kept-alive connection the server closed for idleness just as it was reused: Node's documented
  // case for one retry. A server that drops this very request fails the retry too.
  return first.failure && first.reusedSocket ? { ...(await exchange(sent, target.port)), retried: true } : first;
}

function exchange(sent: SentRequest, port: number): Promise<Exchange & { reusedSocket: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method: sent.method, path: sent.path, headers: sent.headers, agent, timeout: ANSWER_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      res.on('end', () => finish(res.statusCode ?? 0, res.headers, chunks));
      res.on('error', (error) => finish(res.statusCode ?? 0, res.headers, chunks, `answer cut off: ${error.message}`));
    });
    const finish = (status: number, headers: IncomingHttpHeaders, chunks: Buffer[], failure?: string) =>
      resolve({ sent, status, headers, body: Buffer.concat(chunks), elapsedMs: performance.now() - started, failure, reusedSocket: req.reusedSocket });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)));
    req.on('error', (error) => finish(0, {}, [], `no answer: ${error.message}`));
    req.end(sent.body);
  });
}
