/**
 * A growing byte buffer for PDF syntax (ASCII): numbers are written as digits without making a
 * string. The structure tree of a 20-item invoice (about 150 objects) was built from template
 * strings and concatenations: 100 KB of short-lived strings for 12 KB of output, which the render
 * workers' small young generation paid for in scavenges (V8's sampling heap profiler).
 */
export class AsciiBytes {
  private bytes = Buffer.allocUnsafe(16 * 1024);
  length = 0;

  text(text: string): this {
    this.room(text.length);
    this.length += this.bytes.write(text, this.length, 'latin1');
    return this;
  }

  /** A non-negative integer. */
  int(value: number): this {
    this.room(16);
    if (value === 0) {
      this.bytes[this.length++] = 0x30;
      return this;
    }
    let digits = 0;
    for (let rest = value; rest > 0; rest = Math.floor(rest / 10)) digits++;
    for (let i = this.length + digits - 1, rest = value; rest > 0; i--, rest = Math.floor(rest / 10)) this.bytes[i] = 0x30 + (rest % 10);
    this.length += digits;
    return this;
  }

  /** `n 0 R` */
  ref(id: number): this {
    return this.int(id).text(' 0 R');
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
