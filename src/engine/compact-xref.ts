import { CompressedObjects, writeObjectStream } from './object-stream';

/** The PDFKit internals the cross-reference is written from. */
interface XrefInternals {
  _security?: { dictionary: { id: number } };
  _offsets: Array<number | null>;
  _offset: number;
  _root: { id: number };
  _info: { id: number };
  _id: Buffer;
  /** Objects written inside the object stream (object-stream.ts). */
  _compressed?: CompressedObjects;
  _write(data: Buffer): void;
  push(chunk: null): void;
  _finalize(): void;
}

/**
 * PDFKit 0.17's _finalize writes the xref one line at a time, a Buffer and a stream push per
 * object; this writes the same bytes (xref, trailer, startxref) in one piece: about 0.19 ms of a
 * 5.8 ms render of invoice-basic with 20 items (180 objects) on the loaded test machine (median,
 * interleaved). A tagged document's structure elements and font dictionaries live in an object
 * stream (object-stream.ts), written here last, which only a cross-reference stream (PDF 1.5) can
 * list: that document gets one instead.
 * Installed on every document by render-document's DrawingPass; an encrypted document's trailer
 * names its /Encrypt dictionary (the cross-reference stream itself is never encrypted).
 */
export function compactXref(doc: object): void {
  const internals = doc as unknown as XrefInternals;
  internals._finalize = function (this: XrefInternals) {
    writeObjectStream(this as unknown as PDFKit.PDFDocument);
    if (this._compressed) writeXrefStream(this, this._compressed);
    else writeXrefTable(this);
    this.push(null);
  };
}

function writeXrefTable(doc: XrefInternals): void {
  const xrefOffset = doc._offset;
  let out = `xref\n0 ${doc._offsets.length + 1}\n0000000000 65535 f \n`;
  for (const offset of doc._offsets) out += `${`0000000000${offset}`.slice(-10)} 00000 n \n`;
  out += `trailer\n<<\n/Size ${doc._offsets.length + 1}\n${trailerEntries(doc)}\n>>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  doc._write(Buffer.from(out, 'latin1'));
}

/**
 * A cross-reference stream (ISO 32000-1, 7.5.8): every object, the compressed ones by their stream
 * and index. Its fields are as wide as the largest value needs (an offset in 2 bytes up to 64 KB,
 * an index in 1 byte up to 255) and it is stored, not deflated: 740 bytes for the 20-item invoice's
 * 185 objects, against 415 deflated from the 1,665 of fixed 4-byte fields, and deflating it had
 * cost 45 µs of a 1.3 ms render (timed inside renders).
 */
function writeXrefStream(doc: XrefInternals, { stream, indexOf }: CompressedObjects): void {
  const xrefOffset = doc._offset;
  const id = doc._offsets.length + 1;
  const size = id + 1;
  let largestIndex = 0;
  for (const index of indexOf) largestIndex = Math.max(largestIndex, index);
  // Object streams come before the xref, so its own offset is the largest of the second fields.
  const widths = [1, byteWidth(xrefOffset), byteWidth(largestIndex)];
  const entry = widths[0] + widths[1] + widths[2];
  const entries = Buffer.alloc(size * entry);
  // Object 0 heads the free list with the highest generation its field holds (65535 in 2 bytes).
  entries.writeUIntBE(Math.min(0xffff, 2 ** (8 * widths[2]) - 1), 1 + widths[1], widths[2]);
  for (let object = 1; object <= id; object++) {
    const at = object * entry;
    const index = object < indexOf.length ? indexOf[object] : -1;
    entries[at] = index >= 0 ? 2 : 1;
    putField(entries, at + 1, widths[1], index >= 0 ? stream : object === id ? xrefOffset : (doc._offsets[object - 1] ?? 0));
    if (index >= 0) putField(entries, at + 1 + widths[1], widths[2], index);
  }
  const dictionary = `<</Type/XRef/Size ${size}/W[${widths.join(' ')}]/Length ${entries.length}\n${trailerEntries(doc)}>>`;
  doc._write(Buffer.from(`${id} 0 obj\n${dictionary}\nstream\n`, 'latin1'));
  doc._write(entries);
  doc._write(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
}

/** An unsigned big-endian field, byte by byte: Buffer#writeUIntBE's checks were most of this stream's 18 us (CPU profile). */
function putField(bytes: Buffer, at: number, width: number, value: number): void {
  for (let i = width - 1; i >= 0; i--, value = Math.floor(value / 256)) bytes[at + i] = value % 256;
}

/** Bytes an unsigned field needs for `value` (at least 1; Buffer writes up to 6). */
function byteWidth(value: number): number {
  let width = 1;
  while (value >= 2 ** (8 * width)) width++;
  return width;
}

function trailerEntries(doc: XrefInternals): string {
  const id = doc._id.toString('hex');
  const encrypt = doc._security ? `\n/Encrypt ${doc._security.dictionary.id} 0 R` : '';
  return `/Root ${doc._root.id} 0 R\n/Info ${doc._info.id} 0 R\n/ID [<${id}> <${id}>]${encrypt}`;
}
