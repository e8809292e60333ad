import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { RenderRequest } from '../src/engine/page/pdf-options';
import { tuneHeapForMemory } from '../src/config/heap-tuning';
import { RENDER_WORKER_LIMITS } from '../src/generation/pool/worker-limits';
import { ms, summarize } from './stats';

/**
 * Two builds' renderers side by side, for before/after figures on a shared, noisy machine:
 *   node bench/.build/bench/ab-renders.js <checkout A> <checkout B> [seconds=20] [batch=20]
 * Each checkout must have run `npm run bench:build`, or `npm run build` if older than bench/ (a `git worktree` of the old commit will do).
 * Each side renders the invoice with PROFILE_ITEMS lines (20) in a worker thread of its own: its
 * own heap, with the render pool's resource limits and heap tuning (this checkout's). Batches
 * alternate between the sides (ABBA), so both see the same machine; printed: each side's median
 * time per render over its batches, and B / A.
 * Plain worker threads, not the service's Piscina pool, one render after another: garbage-collector
 * behaviour that only the pool showed (allocation-site pretenuring, README "Issue 17, fourth
 * round") does not appear here, so confirm a gain with the HTTP bench.
 */
interface Side {
  root: string;
  worker: Worker;
  perRender: number[];
}

/** Messages to a side's worker: render `warm` times unmeasured, or a batch of `batch` renders. */
type Order = { warm: number } | { batch: number };

async function main(): Promise<void> {
  const [a, b, seconds = '20', batch = '20'] = process.argv.slice(2);
  if (!a || !b) throw new Error('usage: ab-renders.js <checkout A> <checkout B> [seconds] [batch]');
  // Before the workers are made, as main.ts does: some of it sizes the isolates made afterwards.
  tuneHeapForMemory();
  const sides: Side[] = [a, b].map((root) => ({ root: resolve(root), worker: spawn(resolve(root)), perRender: [] }));
  await Promise.all(sides.map((side) => ask(side.worker, { warm: 300 })));
  const end = Date.now() + Number(seconds) * 1000;
  for (let round = 0; Date.now() < end; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) side.perRender.push(await ask(side.worker, { batch: Number(batch) }));
  }
  const [before, after] = sides.map((side) => summarize(side.perRender));
  for (const [i, side] of sides.entries()) process.stdout.write(`${'AB'[i]} ${side.root}: ${side.perRender.length} batches, median ${ms([before, after][i].median)} a render\n`);
  process.stdout.write(`B / A: ${(after.median / before.median).toFixed(3)}\n`);
  await Promise.all(sides.map((side) => side.worker.terminate()));
}

function spawn(root: string): Worker {
  // This file in both workers: an older checkout need not have it.
  return new Worker(__filename, { workerData: { root }, resourceLimits: RENDER_WORKER_LIMITS });
}

function ask(worker: Worker, order: Order): Promise<number> {
  return new Promise((done, fail) => {
    const answered = (perRender: number) => {
      worker.off('error', failed);
      done(perRender);
    };
    const failed = (error: Error) => {
      worker.off('message', answered);
      fail(error);
    };
    worker.once('message', answered);
    worker.once('error', failed);
    worker.postMessage(order);
  });
}

/** In a side's worker: that checkout's own renderer and test data, this one's heap tuning (as a render worker's). */
function serve(root: string): void {
  tuneHeapForMemory();
  const { renderDocument, cases } = loadRenderer(root);
  const request = cases.renderRequest('invoice-basic', cases.invoiceWithItems(Number(process.env.PROFILE_ITEMS ?? 20)));
  parentPort!.on('message', async (order: Order) => {
    const count = 'warm' in order ? order.warm : order.batch;
    const started = performance.now();
    for (let i = 0; i < count; i++) await renderDocument(request);
    parentPort!.postMessage((performance.now() - started) / count);
  });
}

interface Renderer {
  renderDocument(request: RenderRequest): Promise<Buffer>;
  cases: {
    invoiceWithItems(count: number): Record<string, unknown>;
    renderRequest(templateId: string, data: Record<string, unknown>): RenderRequest;
  };
}

/**
 * A checkout's renderer and invoice data: `bench/.build` since the engine moved to src/engine, the
 * plain build (`npm run build`) before it, as in 3a9de5a, the baseline of issue 39.
 */
function loadRenderer(root: string): Renderer {
  const current = resolve(root, 'bench/.build/src/engine/render-document.js');
  if (existsSync(current)) {
    return { renderDocument: require(current).renderDocument, cases: require(resolve(root, 'bench/.build/test/support/render-cases')) };
  }
  return { renderDocument: require(resolve(root, 'dist/rendering/engine/render-document')).renderDocument, cases: require(resolve(root, 'dist/bench/cases')) };
}

if (isMainThread) {
  main().catch((error: unknown) => {
    process.stderr.write(`ab-renders failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
} else serve((workerData as { root: string }).root);
