/** Flags of a composite glyph's component records (OpenType glyf table). */
export const ARG_1_AND_2_ARE_WORDS = 0x1;
export const ARGS_ARE_XY_VALUES = 0x2;
const WE_HAVE_A_SCALE = 0x8;
export const MORE_COMPONENTS = 0x20;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x40;
const WE_HAVE_A_TWO_BY_TWO = 0x80;
export const WE_HAVE_INSTRUCTIONS = 0x100;

/** One component record: where its flags and its glyph id are in the glyph's bytes. */
export interface ComponentRecord {
  flagsAt: number;
  flags: number;
  glyphIdAt: number;
}

/**
 * The component records of a composite glyph's bytes, and where the last one ends (its
 * instructions, if any, follow); none for a simple glyph.
 */
export function componentRecords(data: Buffer): { records: ComponentRecord[]; end: number } {
  const records: ComponentRecord[] = [];
  if (data.length < 10 || data.readInt16BE(0) >= 0) return { records, end: data.length };
  let at = 10;
  let flags: number;
  do {
    flags = data.readUInt16BE(at);
    records.push({ flagsAt: at, flags, glyphIdAt: at + 2 });
    at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) at += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
  } while (flags & MORE_COMPONENTS);
  return { records, end: at };
}
