import Redis from 'ioredis';
import type { JsonLogger } from '../common/logging/json-logger';
import { KeyRateLimit, RateDecision, rateDecision } from './rate-limiter';

/**
 * The token bucket of RateLimiter kept in Redis, so that every replica draws from one bucket per
 * key (DECISIONS section 16). One script call per request: it refills by Redis's own clock (the
 * replicas' clocks do not matter), takes a token if there is one, and lets an idle bucket expire.
 */
const TAKE = `
local limit = tonumber(ARGV[1])
local perSecond = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or limit
local at = tonumber(bucket[2]) or now
tokens = math.min(limit, tokens + (now - at) / 1000 * perSecond)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(limit / perSecond * 1000) + 1000)
return { allowed, tostring(tokens) }
`;

export class RedisRateLimiter implements KeyRateLimit {
  private readonly redis: Redis;

  constructor(
    readonly limit: number,
    redisUrl: string,
    private readonly prefix: string,
    private readonly logger: JsonLogger,
  ) {
    // A request waits for Redis once, not through reconnections: the limit gives way instead (below).
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    this.redis.on('error', () => undefined);
  }

  async take(key: string): Promise<RateDecision> {
    if (this.limit <= 0) return { allowed: true, remaining: 0, resetSeconds: 0 };
    try {
      const [allowed, tokens] = (await this.redis.eval(TAKE, 1, `${this.prefix}:rate:${key}`, this.limit, this.limit)) as [number, string];
      return rateDecision(allowed === 1, Number(tokens), this.limit, this.limit);
    } catch (error) {
      // Redis away: serving the request beats refusing every request of every key.
      this.logger.warn('rate limit: Redis did not answer, request let through', { error: String(error) });
      return { allowed: true, remaining: 0, resetSeconds: 1 };
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
