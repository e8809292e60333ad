import { nextPeriodStart, periodStart, secondsUntilNextPeriod } from '../usage/billing-period';
import type { RateDecision } from './rate-limiter';

/** One quota of the RateLimit headers (draft-ietf-httpapi-ratelimit-headers): its policy and what is left of it. */
export interface RateLimitQuota {
  name: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

/** The month's generations for the key's mode (DECISIONS section 16): always sent. */
export function monthQuota(limit: number, remaining: number, now = new Date()): RateLimitQuota {
  const windowSeconds = Math.round((nextPeriodStart(now) - periodStart(now)) / 1000);
  return { name: 'month', quota: limit, windowSeconds, remaining, resetSeconds: secondsUntilNextPeriod(now) };
}

/** The key's request rate, when RATE_LIMIT_PER_SECOND is on. */
export function keyQuota(limit: number, decision: RateDecision): RateLimitQuota {
  return { name: 'key', quota: limit, windowSeconds: 1, remaining: decision.remaining, resetSeconds: decision.resetSeconds };
}

/** The headers again with the month's remaining generations as they are after this request's own (generate). */
export function withMonthRemaining(quotas: RateLimitQuota[], remaining: number): RateLimitQuota[] {
  return quotas.map((q) => (q.name === 'month' ? { ...q, remaining } : q));
}

/** `RateLimit-Policy: "month";q=1000;w=2592000, "key";q=10;w=1` and `RateLimit: "month";r=958;t=86400, "key";r=9;t=1`. */
export function rateLimitHeaders(quotas: RateLimitQuota[]): Record<'RateLimit-Policy' | 'RateLimit', string> {
  return {
    'RateLimit-Policy': quotas.map((q) => `"${q.name}";q=${q.quota};w=${q.windowSeconds}`).join(', '),
    RateLimit: quotas.map((q) => `"${q.name}";r=${q.remaining};t=${q.resetSeconds}`).join(', '),
  };
}
