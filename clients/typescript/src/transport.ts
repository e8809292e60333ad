import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectionError, PdfgenError, PdfgenNetworkError, TimeoutError } from './errors';
import { RetryPolicy, retryDelayMs } from './retry';
import { VERSION } from './version';

/** Names this client in the service's logs (Node's fetch sends `node` otherwise). */
const USER_AGENT = `pdfgen-typescript/${VERSION}`;

export interface TransportOptions {
  apiKey: string;
  baseUrl: string;
  fetch: typeof fetch;
  /** Per attempt, reading the answer included. */
  timeoutMs: number;
  retry: RetryPolicy;
}

/** One API call: where it goes, and how its 2xx answer is read. */
export interface Call<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * false when sending the call twice may act twice (a second template, a second version): then it
   * is not sent again after a lost connection or a time-out. Default true.
   */
  repeatable?: boolean;
  read(response: Response): Promise<T>;
}

/** What a caller may set for one call. */
export interface RequestOptions {
  /** Time-out of each attempt of this call in milliseconds, reading the answer included; default the client's `timeoutMs`. */
  timeout?: number;
  /** Aborts the call, the attempt in flight and any wait before a retry; the call then rejects with the signal's reason, never retried. */
  signal?: AbortSignal;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: PdfgenError | PdfgenNetworkError };

/** Sends calls with the API key, and retries those that waiting can help (see retry.ts). */
export class Transport {
  constructor(private readonly options: TransportOptions) {}

  async call<T>(call: Call<T>, options: RequestOptions = {}): Promise<T> {
    const timeoutMs = options.timeout ?? this.options.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(call, timeoutMs, options.signal);
      if (outcome.ok) return outcome.value;
      const wait = retryDelayMs(outcome.error, attempt, this.options.retry, call.repeatable);
      if (wait === undefined) throw outcome.error;
      // Aborted while waiting: reject with the caller's reason, as fetch does.
      await sleep(wait, undefined, { signal: options.signal }).catch(() => options.signal?.throwIfAborted());
    }
  }

  private async attempt<T>(call: Call<T>, timeoutMs: number, signal: AbortSignal | undefined): Promise<Outcome<T>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await this.options.fetch(this.url(call), {
        method: call.method,
        headers: {
          'X-API-Key': this.options.apiKey,
          'User-Agent': USER_AGENT,
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...call.headers,
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        // The API never redirects; following one would send the key to wherever it points.
        redirect: 'manual',
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      if (!response.ok) return { ok: false, error: await PdfgenError.fromResponse(response) };
      // Read inside the attempt: an answer cut off half way is retried like a lost connection.
      return { ok: true, value: await call.read(response) };
    } catch (cause) {
      signal?.throwIfAborted();
      if (!isNetworkFailure(cause)) throw cause;
      return { ok: false, error: networkError(call, cause, timeout.aborted ? timeoutMs : undefined) };
    }
  }

  private url(call: Call<unknown>): string {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + call.path);
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }
}

function networkError(call: Call<unknown>, cause: Error, timedOutAfterMs: number | undefined): PdfgenNetworkError {
  if (timedOutAfterMs !== undefined) return new TimeoutError(`${call.method} ${call.path} timed out after ${timedOutAfterMs} ms`, { cause });
  return new ConnectionError(`${call.method} ${call.path} failed: ${(cause.cause as Error | undefined)?.message ?? cause.message}`, { cause });
}

/**
 * fetch rejects with a TypeError when the connection fails, and aborts with a TimeoutError.
 * By name, not instanceof: they may come from another realm (a test sandbox, a polyfill).
 */
function isNetworkFailure(error: unknown): error is Error {
  const name = (error as Error | undefined)?.name;
  return name === 'TypeError' || name === 'TimeoutError' || name === 'AbortError';
}
