import { move } from 'piscina';
import { renderDocument } from '../engine/render-document';
import type { RenderRequest } from '../options/pdf-options';

/** Runs in a worker thread: renders one document and hands its bytes back without a copy. */
export default async function render(request: RenderRequest): Promise<Uint8Array> {
  const pdf = await renderDocument(request);
  // Only a buffer that owns its whole ArrayBuffer can be transferred; a pooled one is copied once.
  const owned = pdf.byteOffset === 0 && pdf.buffer.byteLength === pdf.byteLength ? pdf : Uint8Array.prototype.slice.call(pdf);
  return move(new Uint8Array(owned.buffer, 0, owned.byteLength)) as Uint8Array;
}
