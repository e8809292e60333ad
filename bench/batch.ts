import { invoiceWithItems } from '../test/support/render-cases';
import type { RunningService } from './service';
import { summarize } from './stats';

/** Issue 34's reference: 500 one-page invoices. */
export const BATCH_ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 500);
const ROUNDS = Number(process.env.BENCH_BATCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 16);

export interface BatchResults {
  /** Wall seconds per round: the items as separate generate calls, as one batch, and as one merged batch. */
  separate: number[];
  batch: number[];
  merged: number[];
  /** Median batch / median separate: issue 34 asks for at most 1.3. */
  ratio: number;
  /** Median merged batch minus median batch: what making the merged file adds. */
  mergeSeconds: number;
}

/**
 * The same invoices three ways over HTTP, interleaved round by round so that a noisy machine
 * moves all three: separate POST /generate calls (url, CONCURRENCY at a time), one batch, and one
 * batch with merge: true (each timed from the POST until GET reports finishedAt).
 */
export async function runBatch(service: RunningService, log: (line: string) => void): Promise<BatchResults> {
  const items = Array.from({ length: BATCH_ITEMS }, (_, i) => ({ templateId: 'invoice-basic', data: { ...invoiceWithItems(3), invoiceNumber: `B-${i}` } }));
  const separate: number[] = [];
  const batch: number[] = [];
  const merged: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    separate.push(await timed(() => generateEach(service, items)));
    batch.push(await timed(() => runOneBatch(service, items, false)));
    merged.push(await timed(() => runOneBatch(service, items, true)));
    log(`round ${round}: separate ${separate.at(-1)!.toFixed(2)} s, batch ${batch.at(-1)!.toFixed(2)} s, merged batch ${merged.at(-1)!.toFixed(2)} s`);
  }
  const median = (values: number[]) => summarize(values).median;
  return { separate, batch, merged, ratio: median(batch) / median(separate), mergeSeconds: median(merged) - median(batch) };
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

async function generateEach(service: RunningService, items: object[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const body = JSON.stringify(items[next++]);
      const res = await fetch(`${service.baseUrl}/api/v1/generate`, { method: 'POST', headers: headers(service), body });
      if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function runOneBatch(service: RunningService, items: object[], merge: boolean): Promise<void> {
  const res = await fetch(`${service.baseUrl}/api/v1/batches`, { method: 'POST', headers: headers(service), body: JSON.stringify({ items, merge }) });
  if (res.status !== 202) throw new Error(`POST /api/v1/batches answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const { batchId } = (await res.json()) as { batchId: string };
  for (;;) {
    const got = (await (await fetch(`${service.baseUrl}/api/v1/batches/${batchId}`, { headers: headers(service) })).json()) as { finishedAt?: string; status: string; mergedPdfUrl?: string };
    if (got.finishedAt) {
      if (got.status !== 'succeeded' || (merge && !got.mergedPdfUrl)) throw new Error(`batch ended ${got.status}${merge && !got.mergedPdfUrl ? ' without its merged file' : ''}`);
      return;
    }
    await new Promise((done) => setTimeout(done, 25));
  }
}

function headers(service: RunningService): Record<string, string> {
  return { 'content-type': 'application/json', 'x-api-key': service.apiKey };
}
