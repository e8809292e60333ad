import { LOCK_OUT, lockedForMs } from './lock-out';

const MINUTE = 60_000;

describe('sign-in lock-out timing', () => {
  const start = Date.UTC(2026, 0, 1);
  const everyMinute = (count: number, from = start) => Array.from({ length: count }, (_, i) => from + i * MINUTE);

  it('is 10 failures within 15 minutes', () => {
    expect(LOCK_OUT).toEqual({ failures: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });
    expect(lockedForMs(everyMinute(9), start + 9 * MINUTE)).toBe(0);
    expect(lockedForMs(everyMinute(10), start + 9 * MINUTE)).toBe(15 * MINUTE);
  });

  it('locks for 15 minutes from the 10th failure, then not at all', () => {
    const failures = everyMinute(10);
    const tenth = failures[9];
    expect(lockedForMs(failures, tenth + 1_000)).toBe(15 * MINUTE - 1_000);
    expect(lockedForMs(failures, tenth + 15 * MINUTE - 1)).toBe(1);
    expect(lockedForMs(failures, tenth + 15 * MINUTE)).toBe(0);
  });

  it('does not lock for 10 failures spread over more than 15 minutes', () => {
    const slow = Array.from({ length: 10 }, (_, i) => start + i * 2 * MINUTE);
    expect(lockedForMs(slow, slow[9])).toBe(0);
    // Exactly 15 minutes from the first to the 10th still counts.
    const edge = [...everyMinute(9), start + 15 * MINUTE];
    expect(lockedForMs(edge, edge[9])).toBe(15 * MINUTE);
  });

  it('finds a lock among older failures', () => {
    const failures = [start - 60 * MINUTE, ...everyMinute(10, start)];
    expect(lockedForMs(failures, start + 20 * MINUTE)).toBe(4 * MINUTE);
  });
});
