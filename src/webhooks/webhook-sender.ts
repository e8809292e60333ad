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
  durationMs: number;
}

const USER_AGENT = 'pdfgen-webhooks/1.0';

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
      // The receiver's body is not needed, only its end: drain it.
      response.resume();
      response.on('end', () => settle(answered));
      response.on('close', () => settle({ ...answered, error: 'Connection closed before the response ended' }));
    });
    request.on('error', (error) => settle({ error: describeError(error) }));
    request.end(body);
  });
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
