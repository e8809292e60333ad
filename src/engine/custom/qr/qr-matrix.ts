import qrcode from 'qrcode-generator';

/** The dark modules of a QR code, row by row. */
export interface QrMatrix {
  size: number;
  dark: (row: number, column: number) => boolean;
}

/** Bytes a version 40 code holds at error correction M. */
export const MAX_QR_BYTES = 2331;

/** Recent codes by text: the same link or reference is drawn in many documents. */
const matrices = new Map<string, QrMatrix>();
const LIMIT = 256;

/** The QR code (error correction M, smallest version) of `text` as UTF-8; null when too long. */
export function qrMatrix(text: string): QrMatrix | null {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > MAX_QR_BYTES) return null;
  let matrix = matrices.get(text);
  if (!matrix) {
    const code = qrcode(0, 'M');
    // The library's default byte mode takes each char code's low byte: UTF-8 bytes as latin1 chars.
    code.addData(bytes.toString('latin1'), 'Byte');
    code.make();
    const size = code.getModuleCount();
    const modules = new Uint8Array(size * size);
    for (let row = 0; row < size; row++) for (let column = 0; column < size; column++) modules[row * size + column] = code.isDark(row, column) ? 1 : 0;
    matrix = { size, dark: (row, column) => modules[row * size + column] === 1 };
    if (matrices.size >= LIMIT) matrices.delete(matrices.keys().next().value!);
    matrices.set(text, matrix);
  }
  return matrix;
}
