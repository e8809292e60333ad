import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

/**
 * Raw, uncompressed tables of a TrueType/OpenType or WOFF font, by tag.
 * WOFF tables are inflated here once, so later reads are plain slices.
 */
export function readSfntTables(file: Buffer): Map<string, Buffer> {
  const tables = new Map<string, Buffer>();
  const isWoff = file.readUInt32BE(0) === WOFF_SIGNATURE;
  const numTables = file.readUInt16BE(isWoff ? 12 : 4);
  const entrySize = isWoff ? 20 : 16;
  const directoryStart = isWoff ? 44 : 12;
  for (let i = 0; i < numTables; i++) {
    const entry = directoryStart + i * entrySize;
    const tag = file.toString('latin1', entry, entry + 4);
    if (isWoff) {
      const offset = file.readUInt32BE(entry + 4);
      const compressedLength = file.readUInt32BE(entry + 8);
      const length = file.readUInt32BE(entry + 12);
      const stored = file.subarray(offset, offset + compressedLength);
      tables.set(tag, compressedLength < length ? inflateSync(stored) : stored);
    } else {
      const offset = file.readUInt32BE(entry + 8);
      const length = file.readUInt32BE(entry + 12);
      tables.set(tag, file.subarray(offset, offset + length));
    }
  }
  return tables;
}
