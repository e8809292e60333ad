/**
 * Limits on the shape of a JSON body, checked on its raw bytes before it is parsed. JSON.parse holds
 * the event loop for as long as it runs, and its cost grows with the number of values, and most with
 * the keys of one object, more than with the bytes: a 5 MB body with 420,000 keys in one object took
 * 430-720 ms to parse, one object of 99,000 keys 86-95 ms, and 1,000 objects of 99 keys 9 ms, during
 * which /healthz and every other request waited. Bodies are the data of one document, so bounds far
 * above what any template uses keep every accepted parse short.
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_VALUES = 100_000;
export const MAX_JSON_OBJECT_KEYS = 1_000;

/** Bytes scanned between two yields to the event loop. */
const SLICE_BYTES = 256 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Why the body's shape is refused (nesting deeper than MAX_JSON_DEPTH, more than MAX_JSON_VALUES
 * values), or null. Strings are skipped with their escapes; malformed JSON is left for the parser.
 * Large bodies are scanned in slices, so other requests run in between.
 */
export async function checkJsonShape(raw: Buffer): Promise<string | null> {
  const scan = new ShapeScan();
  for (let start = 0; start < raw.length; start += SLICE_BYTES) {
    if (start > 0) await new Promise((resume) => setImmediate(resume));
    const problem = scan.feed(raw, start, Math.min(raw.length, start + SLICE_BYTES));
    if (problem) return problem;
  }
  return null;
}

class ShapeScan {
  private depth = 0;
  /** Per open container: its member count so far when it is an object, -1 for an array. */
  private readonly members = new Int32Array(MAX_JSON_DEPTH + 2);
  /** Values seen so far: one per container, plus one per comma between members or items. */
  private values = 1;
  private inString = false;
  private escaped = false;

  feed(raw: Buffer, from: number, to: number): string | null {
    let i = from;
    // A string the last slice ended in: past its closing quote.
    if (this.inString) i = this.skipString(raw, i, to) + 1;
    for (; i < to; i++) {
      const byte = raw[i];
      if (byte === QUOTE) {
        i = this.skipString(raw, i + 1, to);
        continue;
      }
      if (byte === COMMA) {
        this.values++;
        if (this.members[this.depth] >= 0 && ++this.members[this.depth] >= MAX_JSON_OBJECT_KEYS) {
          return `A JSON object may hold at most ${MAX_JSON_OBJECT_KEYS} keys`;
        }
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        this.values++;
        if (++this.depth > MAX_JSON_DEPTH) return `JSON nesting deeper than ${MAX_JSON_DEPTH} levels is not accepted`;
        this.members[this.depth] = byte === OPEN_BRACE ? 0 : -1;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) this.depth = Math.max(0, this.depth - 1);
      else continue;
      if (this.values > MAX_JSON_VALUES) return `A JSON body may hold at most ${MAX_JSON_VALUES} values`;
    }
    return null;
  }

  /**
   * Walks a string's bytes from `i` in a loop of its own, its state in a local: most of a body is
   * strings (the bench's invoice body: 8.3 -> 6.2 µs a scan). Returns the index of the closing
   * quote, or `to` with the string still open at the slice's end.
   */
  private skipString(raw: Buffer, i: number, to: number): number {
    let escaped = this.escaped;
    for (; i < to; i++) {
      const byte = raw[i];
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) {
        this.inString = false;
        this.escaped = false;
        return i;
      }
    }
    this.inString = true;
    this.escaped = escaped;
    return to;
  }
}
