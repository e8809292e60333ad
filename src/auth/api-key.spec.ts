import { digestApiKey, generateApiKey, looksLikeApiKey, secretsEqual } from './api-key';

describe('api keys', () => {
  it('are pdfg_ plus a UUID v4, and unique', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(looksLikeApiKey(key)).toBe(true);
  });

  it('refuses other shapes', () => {
    expect(looksLikeApiKey('pdfg_not-a-uuid')).toBe(false);
    expect(looksLikeApiKey('sk_' + generateApiKey().slice(5))).toBe(false);
    expect(looksLikeApiKey(generateApiKey().toUpperCase())).toBe(false);
  });

  it('are stored as a SHA-256 hex digest', () => {
    const key = generateApiKey();
    expect(digestApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(digestApiKey(key)).not.toContain(key.slice(5, 13));
    expect(digestApiKey(key)).toBe(digestApiKey(key));
  });

  it('compares secrets of any length', () => {
    expect(secretsEqual('token', 'token')).toBe(true);
    expect(secretsEqual('token', 'token2')).toBe(false);
    expect(secretsEqual('', 'x')).toBe(false);
  });
});
