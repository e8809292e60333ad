import { AsciiBytes } from './ascii-bytes';
import { deflate } from './deflate';

/** The PDFKit internals objects are written with. */
interface ObjectStreamDoc {
  options: { tagged?: boolean };
  _offsets: Array<number | null>;
  _offset: number;
  _security?: { getEncryptFn(id: number, gen: number): (data: Buffer) => Buffer };
  _write(data: Buffer | string): void;
  _refEnd(ref: PdfKitRef): void;
  _compressed?: CompressedObjects;
  /** The objects of the object stream, until the document ends. */
  _objectStream?: PendingObjects;
}

/**
 * The object stream's number and, by object number, the index in it of each object written there
 * (-1: an object of its own), for compact-xref.ts. An array by number, not a Map of [stream, index]
 * pairs: filling the Map was 1% of a render (CPU profile in a render worker).
 */
export interface CompressedObjects {
  stream: number;
  indexOf: Int32Array;
}

/** A PDFKit reference made by doc.ref() whose object we write ourselves. */
export interface PdfKitRef {
  id: number;
  offset?: number;
}

/** Each object's number and its offset in `body`, as the object stream's header lists them. */
interface PendingObjects {
  offsets: number[];
  body: AsciiBytes;
}

/**
 * A number for an object of our own in PDFKit's cross-reference (which lists every slot of
 * `_offsets`): the structure elements, a subset font's descendant and descriptor.
 */
export function newObjectNumber(doc: PDFKit.PDFDocument): number {
  return (doc as unknown as ObjectStreamDoc)._offsets.push(null);
}

/**
 * Writes the dictionary `write` puts into the bytes as object `id`. A tagged document (PDF 1.7,
 * with a cross-reference stream, compact-xref.ts) gathers such objects into one compressed object
 * stream (PDF 1.5), written as the document ends: the structure elements (as objects of their
 * own they made the tagged 1,000-item invoice 547 KB instead of 193 KB) and the subset fonts'
 * dictionaries. An untagged one (unit tests' canvases, never encrypted) gets an object of its own.
 * `ref`: PDFKit's reference with that number, which PDFKit waits for until it is ended.
 */
export function writeObject(doc: PDFKit.PDFDocument, id: number, write: (out: AsciiBytes) => void, ref?: PdfKitRef): void {
  const body = startObject(doc, id);
  write(body);
  endObject(doc, id, body, ref);
}

/**
 * writeObject in two calls, for a caller that writes many objects (the structure elements) without
 * making a closure for each: object `id`'s dictionary goes into the bytes returned, then endObject.
 */
export function startObject(doc: PDFKit.PDFDocument, id: number): AsciiBytes {
  const pdf = doc as unknown as ObjectStreamDoc;
  if (!pdf.options.tagged) return startPlainObject(id);
  const pending = (pdf._objectStream ??= { offsets: [], body: new AsciiBytes() });
  pending.offsets.push(id, pending.body.length);
  return pending.body;
}

export function endObject(doc: PDFKit.PDFDocument, id: number, body: AsciiBytes, ref?: PdfKitRef): void {
  const pdf = doc as unknown as ObjectStreamDoc;
  if (pdf.options.tagged) body.byte(NEWLINE);
  else endPlainObject(pdf, id, body);
  if (ref) endReference(pdf, id, ref);
}

/**
 * Writes the dictionary as object `id` of its own, where it is now in the file (not in the object
 * stream, and its strings not encrypted: for unencrypted documents). `ref` as for writeObject.
 */
export function writePlainObject(doc: PDFKit.PDFDocument, id: number, write: (out: AsciiBytes) => void, ref?: PdfKitRef): void {
  const pdf = doc as unknown as ObjectStreamDoc;
  const body = startPlainObject(id);
  write(body);
  endPlainObject(pdf, id, body);
  if (ref) endReference(pdf, id, ref);
}

function startPlainObject(id: number): AsciiBytes {
  return new AsciiBytes(PLAIN_OBJECT_START).int(id).text(' 0 obj\n');
}

function endPlainObject(pdf: ObjectStreamDoc, id: number, body: AsciiBytes): void {
  pdf._offsets[id - 1] = pdf._offset;
  pdf._write(Buffer.from(body.text('\nendobj\n').view()));
}

function endReference(pdf: ObjectStreamDoc, id: number, ref: PdfKitRef): void {
  ref.offset = pdf._offsets[id - 1] ?? undefined;
  pdf._refEnd(ref);
}

/**
 * Writes the gathered objects as one object stream, if there are any, and records for the
 * cross-reference stream that each lives there, at its index. Called by compact-xref.ts as the
 * document ends, after every other object.
 */
export function writeObjectStream(doc: PDFKit.PDFDocument): void {
  const pdf = doc as unknown as ObjectStreamDoc;
  const pending = pdf._objectStream;
  if (!pending) return;
  pdf._objectStream = undefined;
  const { offsets, body } = pending;
  const stream = pdf._offsets.push(null);
  const header = new AsciiBytes();
  for (let i = 0; i < offsets.length; i += 2) header.int(offsets[i]).text(' ').int(offsets[i + 1]).text(' ');
  header.text('\n');
  const count = offsets.length / 2;
  const first = header.length;
  const deflated = deflate(header.view(), body.view());
  header.release();
  body.release();
  // Encrypted as a stream, its objects' strings are not encrypted again (ISO 32000-1, 7.6.1).
  const data = pdf._security ? pdf._security.getEncryptFn(stream, 0)(deflated) : deflated;
  pdf._offsets[stream - 1] = pdf._offset;
  pdf._write(Buffer.from(`${stream} 0 obj\n<</Type/ObjStm/N ${count}/First ${first}/Filter/FlateDecode/Length ${data.length}>>\nstream\n`, 'latin1'));
  pdf._write(data);
  pdf._write(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const indexOf = new Int32Array(stream + 1).fill(-1);
  for (let i = 0; i < count; i++) indexOf[offsets[2 * i]] = i;
  pdf._compressed = { stream, indexOf };
}

const NEWLINE = 0x0a;
/** A dictionary of a few hundred bytes. */
const PLAIN_OBJECT_START = 512;
