import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('lets a full second of requests through, then asks to wait', () => {
    let now = 0;
    const limiter = new RateLimiter(3, () => now);
    expect([limiter.take('k'), limiter.take('k'), limiter.take('k')]).toEqual([
      { allowed: true, remaining: 2, resetSeconds: 1 },
      { allowed: true, remaining: 1, resetSeconds: 1 },
      { allowed: true, remaining: 0, resetSeconds: 1 },
    ]);
    expect(limiter.take('k')).toEqual({ allowed: false, remaining: 0, resetSeconds: 1 });
    now = 400; // 1.2 tokens back
    expect(limiter.take('k').allowed).toBe(true);
    expect(limiter.take('k')).toEqual({ allowed: false, remaining: 0, resetSeconds: 1 });
  });

  it('keeps keys apart', () => {
    const limiter = new RateLimiter(1, () => 0);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('b').allowed).toBe(true);
    expect(limiter.take('a')).toEqual({ allowed: false, remaining: 0, resetSeconds: 1 });
  });

  it('is off at 0', () => {
    const limiter = new RateLimiter(0, () => 0);
    for (let i = 0; i < 1000; i++) expect(limiter.take('k').allowed).toBe(true);
  });
});
