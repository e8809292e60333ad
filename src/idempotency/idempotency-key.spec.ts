import { ApiError } from '../common/errors/api-error';
import { idempotencyKeyOf } from './idempotency-key';

describe('idempotencyKeyOf', () => {
  it('is undefined without the header, the key itself when valid', () => {
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
    expect(idempotencyKeyOf('a')).toBe('a');
    const longest = '!~'.repeat(127) + 'x';
    expect(idempotencyKeyOf(longest)).toBe(longest);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a tab', 'order\t42'],
    ['a space (two keys joined)', 'one, two'],
    ['a non-ASCII character', 'café'],
    ['a DEL', 'key\x7f'],
  ])('refuses %s: 400 Invalid request naming the header', (_, key) => {
    let error: unknown;
    try {
      idempotencyKeyOf(key);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_REQUEST', extra: { validationErrors: ['Idempotency-Key must be 1 to 255 visible ASCII characters'] } });
  });
});
