import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';
import { COOKIE_BYTES, RecordLocation, VOLUME_NAME_BYTES } from './volume-record';

/*
 * A file id names a record and can only have been made by this store:
 *   id = base64url( cookie (18) | AES-256-GCM(id key, nonce = cookie[0..12], aad = cookie,
 *                                            volume (6) | offset (u48 BE) | length (u32 BE)) | tag (16) )
 * The cookie is 144 random bits (the id is the capability to read the file); the tag makes every
 * other bit of the id unforgeable, so a caller cannot point an id at a place of their choosing, and
 * the length it carries bounds what is ever served. The location stays encrypted so that ids do not
 * tell how much the service stored between two of them.
 */

const PLAIN_BYTES = VOLUME_NAME_BYTES + 6 + 4;
const TAG_BYTES = 16;
const NONCE_BYTES = 12;
const ID_BYTES = COOKIE_BYTES + PLAIN_BYTES + TAG_BYTES;
/** 50 bytes in base64url. */
export const RECORD_ID = /^[A-Za-z0-9_-]{67}$/;

export interface SealedRecord {
  location: RecordLocation;
  length: number;
}

export class RecordIds {
  private readonly key: Buffer;

  /** `volumeKey` is the store's secret; the id key is derived from it so that no other use shares it. */
  constructor(volumeKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', volumeKey, Buffer.alloc(0), 'pdfgen record id v2', 32));
  }

  idOf({ location, length }: SealedRecord): string {
    const plain = Buffer.alloc(PLAIN_BYTES);
    plain.write(location.volume, 0, 'hex');
    plain.writeUIntBE(location.offset, VOLUME_NAME_BYTES, 6);
    plain.writeUInt32BE(length, VOLUME_NAME_BYTES + 6);
    const cipher = createCipheriv('aes-256-gcm', this.key, location.cookie.subarray(0, NONCE_BYTES));
    cipher.setAAD(location.cookie);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([location.cookie, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /** What the id names, or null when this store did not make it. */
  open(id: string): SealedRecord | null {
    if (!RECORD_ID.test(id)) return null;
    const raw = Buffer.from(id, 'base64url');
    // 50 bytes leave 2 unused bits in the last character: only the id this store wrote names the record, not its variants.
    if (raw.length !== ID_BYTES || raw.toString('base64url') !== id) return null;
    const cookie = raw.subarray(0, COOKIE_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, cookie.subarray(0, NONCE_BYTES));
    decipher.setAAD(cookie);
    decipher.setAuthTag(raw.subarray(COOKIE_BYTES + PLAIN_BYTES));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(raw.subarray(COOKIE_BYTES, COOKIE_BYTES + PLAIN_BYTES)), decipher.final()]);
    } catch {
      return null;
    }
    return {
      location: { cookie: Buffer.from(cookie), volume: plain.subarray(0, VOLUME_NAME_BYTES).toString('hex'), offset: plain.readUIntBE(VOLUME_NAME_BYTES, 6) },
      length: plain.readUInt32BE(VOLUME_NAME_BYTES + 6),
    };
  }
}
