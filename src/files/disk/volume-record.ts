import { createCipheriv, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * A PDF stored on disk is a record appended to a volume file: a fixed header, then the bytes.
 *   header (36 bytes): magic "PDFV" | cookie (18) | reserved (2) | length (u32 LE) | created (f64 LE, ms)
 * Its file id carries the cookie and, encrypted, where the record is, so a read goes straight to
 * it; an id made up to point anywhere else is refused because the cookie there differs:
 *   id = base64url( cookie (18) | AES-256-CTR(volume key, iv = cookie[0..16], volume (6) | offset (u48 BE)) )
 * The cookie is 144 random bits: the id is the capability to read the file. The location is
 * encrypted so that ids do not tell how much the service has stored between two of them.
 */

const MAGIC = Buffer.from('PDFV', 'latin1');
const COOKIE_BYTES = 18;
const VOLUME_NAME_BYTES = 6;
const LOCATION_BYTES = VOLUME_NAME_BYTES + 6;
const RECORD_ID = /^[A-Za-z0-9_-]{40}$/;
export const HEADER_BYTES = 36;
export const VOLUME_KEY_BYTES = 32;

export interface RecordLocation {
  cookie: Buffer;
  /** 12 hex characters: the volume file is `<volume>.vol`. */
  volume: string;
  /** Where the header starts. */
  offset: number;
}

export interface RecordHeader {
  length: number;
  created: Date;
}

export function newCookie(): Buffer {
  return randomBytes(COOKIE_BYTES);
}

export function newVolumeName(): string {
  return randomBytes(VOLUME_NAME_BYTES).toString('hex');
}

/** Turns record locations into file ids and back, with the key of one store's volumes. */
export class RecordIds {
  constructor(private readonly key: Buffer) {}

  idOf(location: RecordLocation): string {
    const plain = Buffer.alloc(LOCATION_BYTES);
    plain.write(location.volume, 0, 'hex');
    plain.writeUIntBE(location.offset, VOLUME_NAME_BYTES, 6);
    return Buffer.concat([location.cookie, this.crypt(location.cookie, plain)]).toString('base64url');
  }

  /** For an id that isRecordId accepts. */
  locationOf(id: string): RecordLocation {
    const raw = Buffer.from(id, 'base64url');
    const cookie = raw.subarray(0, COOKIE_BYTES);
    const plain = this.crypt(cookie, raw.subarray(COOKIE_BYTES));
    return { cookie, volume: plain.subarray(0, VOLUME_NAME_BYTES).toString('hex'), offset: plain.readUIntBE(VOLUME_NAME_BYTES, 6) };
  }

  /** CTR mode: the same operation both ways; the cookie is random, so no two ids share a keystream. */
  private crypt(cookie: Buffer, bytes: Buffer): Buffer {
    const cipher = createCipheriv('aes-256-ctr', this.key, cookie.subarray(0, 16));
    return Buffer.concat([cipher.update(bytes), cipher.final()]);
  }
}

/** Whether `id` has the shape of a record id; if not, it names a file of the older one-file-per-PDF layout, or nothing. */
export function isRecordId(id: string): boolean {
  return RECORD_ID.test(id);
}

export function encodeHeader(cookie: Buffer, length: number, created: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  cookie.copy(header, 4);
  header.writeUInt32LE(length, 24);
  header.writeDoubleLE(created, 28);
  return header;
}

/** null unless `header` is a record header with this cookie. */
export function decodeHeader(header: Buffer, cookie: Buffer): RecordHeader | null {
  if (header.length < HEADER_BYTES || !header.subarray(0, 4).equals(MAGIC)) return null;
  if (!timingSafeEqual(header.subarray(4, 4 + COOKIE_BYTES), cookie)) return null;
  return { length: header.readUInt32LE(24), created: new Date(header.readDoubleLE(28)) };
}
