/** 10 failed sign-ins for one email within 15 minutes lock it for 15 minutes (DECISIONS section 10). */
export const LOCK_OUT = { failures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/** How far back failures can matter: a lock-out starts at most a window's length after its first failure. */
export const LOCK_OUT_MEMORY_MS = LOCK_OUT.windowMs + LOCK_OUT.lockMs;

/**
 * How much longer an email stays locked, given the times of its recent failures (ascending): 15
 * minutes from any failure that was the 10th within 15 minutes, 0 when not locked. Failures while
 * locked are not recorded, so a lock cannot be stretched by hammering it.
 */
export function lockedForMs(failureTimes: readonly number[], now: number): number {
  let until = 0;
  for (let i = LOCK_OUT.failures - 1; i < failureTimes.length; i++) {
    if (failureTimes[i] - failureTimes[i - LOCK_OUT.failures + 1] <= LOCK_OUT.windowMs) until = Math.max(until, failureTimes[i] + LOCK_OUT.lockMs);
  }
  return Math.max(0, until - now);
}
