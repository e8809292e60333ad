import { PdfgenError, PdfgenNetworkError } from './errors';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** First back-off without Retry-After; doubles on each retry. */
  baseDelayMs: number;
  /** Longest wait. A Retry-After beyond it is not waited for: the error is thrown instead. */
  maxDelayMs: number;
}

/**
 * Whether waiting can help: a rate limit, a busy server, the same Idempotency-Key still in
 * flight, a lost connection. A used-up month (429 QUOTA_EXCEEDED) does not get better in minutes.
 * A lost connection, a time-out or a proxy's 502 or 504 may come after the server acted, so they
 * are retried only for a `repeatable` call, one that acts once however often it is sent (generate
 * carries an Idempotency-Key).
 */
export function isRetryable(error: PdfgenError | PdfgenNetworkError, repeatable = true): boolean {
  if (error instanceof PdfgenNetworkError) return repeatable;
  switch (error.status) {
    case 503:
      return true;
    case 502:
    case 504:
      return repeatable;
    case 429:
      return error.code !== 'QUOTA_EXCEEDED';
    case 409:
      return error.code === 'IDEMPOTENCY_KEY_IN_PROGRESS';
    default:
      return false;
  }
}

/** Milliseconds to wait after failed attempt number `attempt` (0-based), or undefined to give up. */
export function retryDelayMs(error: PdfgenError | PdfgenNetworkError, attempt: number, policy: RetryPolicy, repeatable = true): number | undefined {
  if (attempt >= policy.retries || !isRetryable(error, repeatable)) return undefined;
  const retryAfterSeconds = error instanceof PdfgenError ? error.retryAfterSeconds : undefined;
  if (retryAfterSeconds !== undefined) {
    const wait = retryAfterSeconds * 1000;
    return wait <= policy.maxDelayMs ? wait : undefined;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  // Half fixed, half random: clients that failed together do not all come back together.
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}
