import type { KeyMode } from '../auth/key-mode';

/** The UTC calendar month of `now`, as `YYYY-MM`. */
export function billingPeriod(now: Date = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** The counter a generation is counted in: the month, or the month's test counter for a test key. */
export function usageCounter(period: string, mode: KeyMode): string {
  return mode === 'test' ? `${period}:test` : period;
}

/** 00:00 UTC on the 1st of the month of `now` (ms since the epoch). */
export function periodStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

/** 00:00 UTC on the 1st of the next month (ms since the epoch): when the period's counters reset. */
export function nextPeriodStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
}

/** Whole seconds from `now` until 00:00 UTC on the 1st of the next month (at least 1). */
export function secondsUntilNextPeriod(now: Date = new Date()): number {
  return Math.max(1, Math.ceil((nextPeriodStart(now) - now.getTime()) / 1000));
}
