/** What a rate limit decided for one request, and what is left of it (for the RateLimit header). */
export interface RateDecision {
  allowed: boolean;
  /** Whole requests left right now. */
  remaining: number;
  /** Seconds until the bucket is full again; when refused, until the next request may go. */
  resetSeconds: number;
}

/** The per-key request rate (RATE_LIMIT_PER_SECOND): in this process, or shared by every replica through Redis. */
export interface KeyRateLimit {
  readonly limit: number;
  take(key: string): RateDecision | Promise<RateDecision>;
  close?(): Promise<void>;
}

export const KEY_RATE_LIMIT = Symbol('KEY_RATE_LIMIT');

/**
 * Token bucket per key: up to `limit` requests in any `windowSeconds` (1: a per-second rate),
 * refilled continuously. In-process: each replica enforces it on its own, which bounds a burst
 * without a shared store (REDIS_URL shares it: RedisRateLimiter).
 */
export class RateLimiter implements KeyRateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perSecond: number;

  constructor(
    readonly limit: number,
    private readonly now: () => number = () => performance.now(),
    windowSeconds = 1,
  ) {
    this.perSecond = limit / windowSeconds;
  }

  take(key: string): RateDecision {
    if (this.limit <= 0) return { allowed: true, remaining: 0, resetSeconds: 0 };
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit, at: now };
    bucket.tokens = Math.min(this.limit, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.forgetFull(now);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return rateDecision(allowed, bucket.tokens, this.limit, this.perSecond);
  }

  /** Buckets that have refilled completely carry no information; drop them to bound memory. */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.limit) this.buckets.delete(key);
    }
  }
}

/** A bucket's decision, from the tokens left once a token was taken (or not). */
export function rateDecision(allowed: boolean, tokens: number, limit: number, perSecond: number): RateDecision {
  if (!allowed) return { allowed, remaining: 0, resetSeconds: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
  return { allowed, remaining: Math.floor(tokens), resetSeconds: Math.ceil((limit - tokens) / perSecond) };
}
