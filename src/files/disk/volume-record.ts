import { randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * A PDF stored on disk is a record appended to a volume file: a fixed header, then the bytes.
 *   header (36 bytes): magic "PDFV" | cookie (18) | flags (1) | reserved (1) | length (u32 LE) | created (f64 LE, ms)
 * An erased record keeps its magic, cookie and length, so that the volume's chain of records stays
 * walkable; its flags say it is erased and its bytes are zeros (disk-file-store.ts).
 * A header proves nothing by itself: record bodies are customer-controlled bytes (an image in a
 * header template is copied into the PDF as it is), so a body can hold something that looks like a
 * header. Where a record is, and how long, comes from an authenticated file id (record-ids.ts).
 */

const MAGIC = Buffer.from('PDFV', 'latin1');
export const COOKIE_BYTES = 18;
export const VOLUME_NAME_BYTES = 6;
export const HEADER_BYTES = 36;
const FLAGS_AT = 22;
const ERASED = 1;

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
  erased: boolean;
}

export function newCookie(): Buffer {
  return randomBytes(COOKIE_BYTES);
}

export function newVolumeName(): string {
  return randomBytes(VOLUME_NAME_BYTES).toString('hex');
}

export function encodeHeader(cookie: Buffer, length: number, created: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  cookie.copy(header, 4);
  header.writeUInt32LE(length, 24);
  header.writeDoubleLE(created, 28);
  return header;
}

/** The header of an erased record: nothing left of the file but what the chain and a repeated erase need. */
export function encodeErasedHeader(cookie: Buffer, length: number): Buffer {
  const header = encodeHeader(cookie, length, 0);
  header[FLAGS_AT] = ERASED;
  return header;
}

/** null unless `header` has the shape of a record header. */
export function readHeaderFields(header: Buffer): RecordHeader | null {
  if (header.length < HEADER_BYTES || !header.subarray(0, 4).equals(MAGIC)) return null;
  return { length: header.readUInt32LE(24), created: new Date(header.readDoubleLE(28)), erased: (header[FLAGS_AT] & ERASED) !== 0 };
}

/** null unless `header` is a record header with this cookie. */
export function decodeHeader(header: Buffer, cookie: Buffer): RecordHeader | null {
  const fields = readHeaderFields(header);
  if (!fields || !timingSafeEqual(header.subarray(4, 4 + COOKIE_BYTES), cookie)) return null;
  return fields;
}
