import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'pdfg_';
const API_KEY_SHAPE = /^pdfg_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A new key: `pdfg_` + UUID v4 (122 random bits). */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomUUID();
}

export function looksLikeApiKey(value: string): boolean {
  return API_KEY_SHAPE.test(value);
}

/** The stored form of a key. Lookups go by this digest, so no stored secret is ever compared byte by byte. */
export function digestApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Constant-time equality of two secrets of any length (compares their digests). */
export function secretsEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db);
}
