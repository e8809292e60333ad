import { setPriority } from 'node:os';
import { move } from 'piscina';
import { tuneHeapForMemory } from '../../config/heap-tuning';
// The renderer and its errors, not the engine's index: that also loads the template language
// (compileLayout, its schema), which a worker needs only for a custom render (render-document.ts).
import { renderDocumentWithLayout } from '../../engine/render-document';
import { type MergedItem, renderMergedDocumentWithPages } from '../../engine/render-merged-document';
import { RenderFailed } from '../../engine/errors';
import type { RenderRequest } from '../../engine/page/pdf-options';
import { TransferredPdf } from './rendered-pdf';
import { RenderRefusal, toRefusal } from './render-refusal';

// This worker's isolate has just reset the process-wide heap tuning: set it again.
tuneHeapForMemory();

/**
 * Renders give way to the HTTP thread when every core is busy, so /healthz and request handling
 * stay prompt under saturation (bench: /healthz max 25-48 ms before, 11-14 ms after, same
 * throughput). Only on Linux, where a nice value set for pid 0 is the calling thread's alone;
 * elsewhere it would lower the whole process.
 */
const RENDER_NICENESS = 10;
if (process.platform === 'linux') {
  try {
    setPriority(0, RENDER_NICENESS);
  } catch {
    // Not permitted here: keep the default priority.
  }
}

/**
 * Runs in a worker thread: renders one document and hands its bytes back without a copy, with
 * its page count, or the engine's refusal (see RenderRefusal).
 */
export default async function render(request: RenderRequest): Promise<TransferredPdf | RenderRefusal> {
  return refusedOrMoved(async () => {
    const { pdf, pageCount } = await renderDocumentWithLayout(request);
    return { pdf, pages: pageCount };
  });
}

/** The same for a merged document (RenderPool.renderMerged). */
export async function renderMerged(items: readonly MergedItem[]): Promise<TransferredPdf | RenderRefusal> {
  return refusedOrMoved(async () => {
    const { pdf, pageCount } = await renderMergedDocumentWithPages(items);
    return { pdf, pages: pageCount };
  });
}

async function refusedOrMoved(draw: () => Promise<{ pdf: Buffer; pages: number }>): Promise<TransferredPdf | RenderRefusal> {
  let document: { pdf: Buffer; pages: number };
  // The clock every thread of the process shares, as the HTTP thread's spans read it.
  const startMs = epochMs();
  try {
    document = await draw();
  } catch (error) {
    if (error instanceof RenderFailed) return toRefusal(error);
    throw error;
  }
  const { pdf, pages } = document;
  // Only a buffer that owns its whole ArrayBuffer can be transferred; a pooled one is copied once.
  const owned = pdf.byteOffset === 0 && pdf.buffer.byteLength === pdf.byteLength ? pdf : Uint8Array.prototype.slice.call(pdf);
  const result = new TransferredPdf({ pdf: new Uint8Array(owned.buffer, 0, owned.byteLength), pages, drawn: { startMs, endMs: epochMs() } });
  // Marks the result movable, in place.
  move(result);
  return result;
}

function epochMs(): number {
  return performance.timeOrigin + performance.now();
}
