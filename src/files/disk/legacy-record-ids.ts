import { createDecipheriv } from 'node:crypto';
import { COOKIE_BYTES, RecordLocation, VOLUME_NAME_BYTES } from './volume-record';

/*
 * Ids handed out before ids were authenticated (they stay valid: URLs are permanent):
 *   id = base64url( cookie (18) | AES-256-CTR(volume key, iv = cookie[0..16], volume (6) | offset (u48 BE)) )
 * CTR has no integrity: flipping a bit of the id flips the same bit of the offset, so what such an id
 * names is only trusted once the volume's own record chain shows a record starting there
 * (volume-chains.ts).
 */

export const LEGACY_RECORD_ID = /^[A-Za-z0-9_-]{40}$/;
const LOCATION_BYTES = VOLUME_NAME_BYTES + 6;

/** Where a legacy id says its record is, or null for another shape of id. */
export function legacyLocationOf(id: string, volumeKey: Buffer): RecordLocation | null {
  if (!LEGACY_RECORD_ID.test(id)) return null;
  const raw = Buffer.from(id, 'base64url');
  const cookie = raw.subarray(0, COOKIE_BYTES);
  const decipher = createDecipheriv('aes-256-ctr', volumeKey, cookie.subarray(0, 16));
  const plain = Buffer.concat([decipher.update(raw.subarray(COOKIE_BYTES, COOKIE_BYTES + LOCATION_BYTES)), decipher.final()]);
  return { cookie: Buffer.from(cookie), volume: plain.subarray(0, VOLUME_NAME_BYTES).toString('hex'), offset: plain.readUIntBE(VOLUME_NAME_BYTES, 6) };
}
