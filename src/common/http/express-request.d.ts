import type { AuthenticatedWorkspace } from '../../auth/authenticated-workspace';
import type { RateLimitQuota } from '../../auth/rate-limit-headers';

declare global {
  namespace Express {
    interface Request {
      /** Set by RequestContextMiddleware for every request; echoed as X-Request-Id. */
      requestId: string;
      /** Set by RequestContextMiddleware: the request's span as a W3C traceparent (without an SDK, the caller's as received). */
      traceparent?: string;
      /** Set by ApiKeyGuard on authenticated routes. */
      workspace?: AuthenticatedWorkspace;
      /** Set by ApiKeyGuard: the quotas its RateLimit headers report. */
      rateLimits?: RateLimitQuota[];
    }
  }
}
