import { ApiError } from '../errors/api-error';

/** The contract's 400 `Invalid request`, with one message per refused field. */
export function invalidRequest(validationErrors: string[]): ApiError {
  return new ApiError('INVALID_REQUEST', { extra: { validationErrors } });
}
