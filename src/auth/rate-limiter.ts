/**
 * Token bucket per key: up to `limit` requests in any `windowSeconds` (1: a per-second rate),
 * refilled continuously. In-process: each replica enforces it on its own, which bounds a burst
 * without a shared store.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perSecond: number;

  constructor(
    private readonly limit: number,
    private readonly now: () => number = () => performance.now(),
    windowSeconds = 1,
  ) {
    this.perSecond = limit / windowSeconds;
  }

  /** True when the request may go ahead; otherwise the seconds to wait. */
  take(key: string): true | number {
    if (this.limit <= 0) return true;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit, at: now };
    bucket.tokens = Math.min(this.limit, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.forgetFull(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return true;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }

  /** Buckets that have refilled completely carry no information; drop them to bound memory. */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.limit) this.buckets.delete(key);
    }
  }
}
