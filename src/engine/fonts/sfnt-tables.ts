import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

/**
 * Raw, uncompressed tables of a TrueType/OpenType or WOFF font, by tag.
 * WOFF tables are inflated here once, so later reads are plain slices.
 */
export function readSfntTables(file: Buffer): Map<string, Buffer> {
  const tables = new Map<string, Buffer>();
  const isWoff = isWoffFile(file);
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

export function isWoffFile(file: Buffer): boolean {
  return file.readUInt32BE(0) === WOFF_SIGNATURE;
}

/**
 * The tables as one plain TrueType file (checksums left zero: nothing here reads them), and the
 * same tables as slices of it, so that the inflated bytes are held once.
 */
export function packSfnt(tables: ReadonlyMap<string, Buffer>): { file: Buffer; tables: Map<string, Buffer> } {
  const tags = [...tables.keys()].sort();
  const directoryEnd = 12 + tags.length * 16;
  let size = directoryEnd;
  for (const tag of tags) size += (tables.get(tag)!.length + 3) & ~3;
  const file = Buffer.alloc(size);
  file.writeUInt32BE(0x00010000, 0);
  file.writeUInt16BE(tags.length, 4);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  file.writeUInt16BE(power * 16, 6);
  file.writeUInt16BE(Math.log2(power), 8);
  file.writeUInt16BE(tags.length * 16 - power * 16, 10);
  const slices = new Map<string, Buffer>();
  let offset = directoryEnd;
  tags.forEach((tag, i) => {
    const table = tables.get(tag)!;
    const entry = 12 + i * 16;
    file.write(tag, entry, 4, 'latin1');
    file.writeUInt32BE(offset, entry + 8);
    file.writeUInt32BE(table.length, entry + 12);
    table.copy(file, offset);
    slices.set(tag, file.subarray(offset, offset + table.length));
    offset += (table.length + 3) & ~3;
  });
  return { file, tables: slices };
}
