import { ApiError } from '../common/errors/api-error';
import { secondsUntilNextPeriod } from './billing-period';

/** 429 for a month whose allowance is used up, with the headers DECISIONS section 2 asks for. */
export function quotaExceeded({ used, limit }: { used: number; limit: number }): ApiError {
  return new ApiError('QUOTA_EXCEEDED', {
    extra: { limit, used, remaining: 0 },
    headers: { 'X-Usage-Remaining': '0', 'Retry-After': String(secondsUntilNextPeriod()) },
  });
}
