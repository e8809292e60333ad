export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/**
 * Wait before the next attempt after `failedAttempts` failures: WEBHOOK_RETRY_BASE_MS doubling
 * per failure, with up to ±25 % jitter so that receivers coming back are not hit all at once,
 * capped at one hour. A receiver's Retry-After lengthens the wait, within the same cap.
 */
export function retryDelayMs(failedAttempts: number, baseMs: number, retryAfterMs?: number, random: () => number = Math.random): number {
  const exponential = baseMs * 2 ** Math.max(0, failedAttempts - 1);
  const jittered = exponential * (0.75 + random() * 0.5);
  return Math.round(Math.min(MAX_RETRY_DELAY_MS, Math.max(jittered, retryAfterMs ?? 0)));
}

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
