/**
 * A growing byte buffer for PDF syntax (ASCII): numbers are written as digits without making a
 * string. The structure tree of a 20-item invoice (about 150 objects) was built from template
 * strings and concatenations: 100 KB of short-lived strings for 12 KB of output, which the render
 * workers' small young generation paid for in scavenges (V8's sampling heap profiler). Page
 * content is written here too (page-content.ts), its text operators byte by byte (canvas.ts).
 */
export class AsciiBytes {
  private bytes: Buffer;
  length = 0;

  constructor(capacity = 16 * 1024) {
    this.bytes = (capacity >= SPARE_FROM && takeSpare(capacity)) || Buffer.allocUnsafe(capacity);
  }

  /**
   * Hands the buffer on to the next writer on this thread. Only for a caller that has copied the
   * bytes out (deflated, concatenated) and keeps no view of them; the writer is empty afterwards.
   */
  release(): void {
    const bytes = this.bytes;
    this.bytes = EMPTY;
    this.length = 0;
    if (bytes.length >= SPARE_FROM && bytes.length <= SPARE_MAX_BYTES && spare.length < SPARE_MAX) spare.push(bytes);
  }

  text(text: string): this {
    const count = text.length;
    this.room(count);
    if (count > SHORT_TEXT) {
      this.length += this.bytes.write(text, this.length, 'latin1');
      return this;
    }
    // A short string costs less copied here than through Buffer#write's call into C++. charCodeAt is
    // called through `call`: `text.charCodeAt` is a megamorphic load, the texts being strings of many
    // kinds (literals, concatenations, slices), and the loop took 3x as long (100 against 30 ns).
    for (let i = 0; i < count; i++) this.bytes[this.length + i] = charCodeAt.call(text, i);
    this.length += count;
    return this;
  }

  /** Bytes as they are (a piece PDFKit already encoded). */
  append(data: Uint8Array): this {
    this.room(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
    return this;
  }

  /** One character given by its code (a delimiter, a space). */
  byte(code: number): this {
    this.room(1);
    this.bytes[this.length++] = code;
    return this;
  }

  /** An integer. */
  int(value: number): this {
    this.room(17);
    if (value < 0) {
      this.bytes[this.length++] = MINUS;
      value = -value;
    }
    if (value === 0) {
      this.bytes[this.length++] = ZERO;
      return this;
    }
    let digits = 0;
    for (let rest = value; rest > 0; rest = Math.floor(rest / 10)) digits++;
    for (let i = this.length + digits - 1, rest = value; rest > 0; i--, rest = Math.floor(rest / 10)) this.bytes[i] = ZERO + (rest % 10);
    this.length += digits;
    return this;
  }

  /**
   * A number rounded to 2 decimals, as `(Math.round(value * 100) / 100).toString()` writes it
   * (no trailing zeros, no "-0"): coordinates and sizes in points.
   */
  points(value: number): this {
    const hundredths = Math.round(value * 100);
    const magnitude = Math.abs(hundredths);
    if (hundredths < 0) this.byte(MINUS);
    this.int(Math.floor(magnitude / 100));
    const fraction = magnitude % 100;
    if (fraction === 0) return this;
    this.room(3);
    this.bytes[this.length++] = DOT;
    this.bytes[this.length++] = ZERO + Math.floor(fraction / 10);
    if (fraction % 10 !== 0) this.bytes[this.length++] = ZERO + (fraction % 10);
    return this;
  }

  /** Four hexadecimal digits (lower case): a two-byte character code. */
  hex4(value: number): this {
    this.room(4);
    for (let shift = 12; shift >= 0; shift -= 4) this.bytes[this.length++] = HEX[(value >> shift) & 15];
    return this;
  }

  /** `n 0 R` */
  ref(id: number): this {
    return this.int(id).text(' 0 R');
  }

  /** Puts one character at `offset`, moving what was written from there one place on. */
  insert(offset: number, code: number): void {
    this.room(1);
    this.bytes.copyWithin(offset + 1, offset, this.length);
    this.bytes[offset] = code;
    this.length++;
  }

  /** The bytes written so far (a view, not a copy). */
  view(): Buffer {
    return this.bytes.subarray(0, this.length);
  }

  private room(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + extra));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }
}

/**
 * Buffers of released writers, for the next ones. A render's output, page contents, object stream
 * and its header took 112 KB of new buffers; alive through the render's scavenges, they were
 * promoted, and waited in the old generation for a full collection: the 20-item invoice 3,000
 * times in a render worker, its external memory peaked at 13.8 MB against 8.2 at 3a9de5a.
 */
const spare: Buffer[] = [];
const SPARE_MAX = 8;
const SPARE_MAX_BYTES = 1024 * 1024;
/** Smaller buffers come from Node's shared pool anyway. */
const SPARE_FROM = 4 * 1024;
const EMPTY = Buffer.alloc(0);

function takeSpare(capacity: number): Buffer | undefined {
  for (let i = spare.length - 1; i >= 0; i--) {
    if (spare[i].length >= capacity) return spare.splice(i, 1)[0];
  }
  return undefined;
}

/** Longest text copied in JavaScript: a text operator is written in 10 to 15 pieces (canvas.ts). */
const SHORT_TEXT = 32;
const charCodeAt = String.prototype.charCodeAt;
const ZERO = 0x30;
const MINUS = 0x2d;
const DOT = 0x2e;
const HEX = Buffer.from('0123456789abcdef', 'latin1');
