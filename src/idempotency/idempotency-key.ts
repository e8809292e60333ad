import { invalidRequest } from '../common/validation/invalid-request';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** RFC 5234 VCHAR: no space, no control character, nothing outside ASCII. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The request's Idempotency-Key, or undefined when it sends none. Node joins a repeated header
 * with ", ", which the space makes invalid: two keys are refused rather than one picked.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !VALID_KEY.test(header)) {
    throw invalidRequest([`${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible ASCII characters`]);
  }
  return header;
}
