import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a session's one-time message with AES-256-GCM under a key derived (HKDF) from the
 * session's cookie token: the database keeps only the token's SHA-256, so what it stores of the
 * message (a new API key, for one redirect) cannot be read from a copy of it.
 */
function keyOf(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, '', 'pdfgen dashboard flash', 32));
}

export function sealFlash(token: string, message: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The message, or null when the seal was not made with this token. */
export function openFlash(token: string, sealed: string): unknown {
  const bytes = Buffer.from(sealed, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
  } catch {
    return null;
  }
}
