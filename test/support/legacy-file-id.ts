import { createCipheriv } from 'node:crypto';

/** A disk file id as versions before authenticated ids made them: cookie, then the location under AES-CTR, no tag. */
export function legacyIdOf(volumeKey: Buffer, location: { cookie: Buffer; volume: string; offset: number }): string {
  const plain = Buffer.alloc(12);
  plain.write(location.volume, 0, 'hex');
  plain.writeUIntBE(location.offset, 6, 6);
  const cipher = createCipheriv('aes-256-ctr', volumeKey, location.cookie.subarray(0, 16));
  return Buffer.concat([location.cookie, cipher.update(plain), cipher.final()]).toString('base64url');
}
