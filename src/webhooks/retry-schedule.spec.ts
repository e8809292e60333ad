import { MAX_RETRY_DELAY_MS, parseRetryAfter, retryDelayMs } from './retry-schedule';

describe('retryDelayMs', () => {
  const middle = () => 0.5;

  it('doubles from the base per failed attempt', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 5000, undefined, middle))).toEqual([5000, 10000, 20000, 40000, 80000]);
  });

  it('jitters within a quarter either way', () => {
    expect(retryDelayMs(3, 1000, undefined, () => 0)).toBe(3000);
    expect(retryDelayMs(3, 1000, undefined, () => 1)).toBe(5000);
  });

  it('never waits more than an hour', () => {
    expect(retryDelayMs(30, 5000, undefined, () => 1)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(1, 5000, 3 * MAX_RETRY_DELAY_MS, middle)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('waits at least as long as Retry-After asks', () => {
    expect(retryDelayMs(1, 50, 2000, middle)).toBe(2000);
    expect(retryDelayMs(3, 5000, 1000, middle)).toBe(20000);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
