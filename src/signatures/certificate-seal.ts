import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What is sealed: the PKCS#12 file and the password that opens it. */
export interface SealedContent {
  p12: Buffer;
  password: string;
}

/**
 * AES-256-GCM with the service's key; `workspaceId` is bound as associated data, so a sealed
 * certificate copied onto another workspace's row does not open. Base64 of iv, tag, ciphertext.
 */
export function seal(content: SealedContent, key: Buffer, workspaceId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(workspaceId));
  const plain = Buffer.from(JSON.stringify({ p12: content.p12.toString('base64'), password: content.password }));
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64');
}

export function unseal(sealed: string, key: Buffer, workspaceId: string): SealedContent {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(Buffer.from(workspaceId));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const plain = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'));
  return { p12: Buffer.from(plain.p12, 'base64'), password: plain.password };
}
