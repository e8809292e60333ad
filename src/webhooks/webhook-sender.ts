import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { parseRetryAfter } from './retry-schedule';
import type { WebhookTarget } from './webhook-target';

export interface WebhookResponse {
  /** The receiver's status code; absent when no response came (time-out, connection error). */
  statusCode?: number;
  error?: string;
  /** Retry-After of the response, in milliseconds. */
  retryAfterMs?: number;
  /** The first ANSWER_EXCERPT_CHARS characters of the response body, when it had one: what the receiver said. */
  answerExcerpt?: string;
  durationMs: number;
}

const USER_AGENT = 'pdfgen-webhooks/1.0';
/** How much of a receiver's answer an attempt keeps: enough to read its error message. */
export const ANSWER_EXCERPT_CHARS = 300;

/**
 * POSTs `body` to the target, connecting only to the address that was checked (the pinned
 * lookup closes the DNS rebinding window). Redirects are not followed: a 3xx is just a status.
 * The whole exchange, response body included, must end within `timeoutMs`.
 */
export function postWebhook(target: WebhookTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Omit<WebhookResponse, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = transport.request(target.url, {
      method: 'POST',
      agent: new transport.Agent({ keepAlive: false, lookup: pinnedLookup(target) }),
      // Node sets headers case-insensitively, in order: a caller's user-agent replaces ours.
      headers: { 'User-Agent': USER_AGENT, ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    const timer = setTimeout(() => {
      settle({ error: `Timed out after ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      const answered = { statusCode: response.statusCode, retryAfterMs: parseRetryAfter(response.headers['retry-after']) };
      // Only the body's start is kept (what the receiver said), the rest drained to its end.
      const start: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept >= ANSWER_EXCERPT_CHARS * 4) return;
        start.push(chunk);
        kept += chunk.length;
      });
      const withExcerpt = () => ({ ...answered, ...excerptOf(Buffer.concat(start)) });
      response.on('end', () => settle(withExcerpt()));
      response.on('close', () => settle({ ...withExcerpt(), error: 'Connection closed before the response ended' }));
    });
    request.on('error', (error) => settle({ error: describeError(error) }));
    request.end(body);
  });
}

/** The answer's first characters, whitespace runs folded to one space; nothing for an empty body. */
function excerptOf(bytes: Buffer): { answerExcerpt?: string } {
  const text = [...bytes.toString('utf8').replace(/\s+/g, ' ').trim()];
  if (text.length === 0) return {};
  return { answerExcerpt: text.length > ANSWER_EXCERPT_CHARS ? `${text.slice(0, ANSWER_EXCERPT_CHARS).join('')}…` : text.join('') };
}

function pinnedLookup(target: WebhookTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/** An error as an attempt's record shows it: its code (ERR_INVALID_CHAR, ECONNREFUSED) and message, at most 500 characters. */
export function describeError(error: Error & { code?: string }): string {
  const text = error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message;
  return text.slice(0, 500);
}
