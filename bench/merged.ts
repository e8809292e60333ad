import { renderDocument } from '../src/engine/render-document';
import { renderMergedDocumentWithPages } from '../src/engine/render-merged-document';
import { renderRequest } from '../test/support/render-cases';
import { INVOICE_BASIC_SAMPLE } from '../src/templates/samples';
import { ms, summarize } from './stats';

export interface MergedResults {
  /** Median wall time of one merged file of ITEMS one-page invoices, ms. */
  median: number;
  perItem: number;
  /** Median of one invoice rendered alone, ms, for comparison. */
  alone: number;
}

const ITEMS = Number(process.env.BENCH_MERGED_ITEMS ?? 500);
const ROUNDS = Number(process.env.BENCH_MERGED_ROUNDS ?? 7);
/** DECISIONS section 15's largest batch, merged: the target on the 2-core test machine. */
export const MERGED_TARGET_MS = 2000;

/**
 * A batch's `merge: true` at its largest: ITEMS one-page invoices (the bench's invoice-basic sample: its 20-item invoice takes two pages)
 * drawn into one file, in-process on the main thread; after one warm-up merge, ROUNDS timed
 * merges and, between them, as many single renders of the same invoice for the per-item cost alone.
 */
export async function runMerged(log: (line: string) => void): Promise<MergedResults> {
  const request = renderRequest('invoice-basic', INVOICE_BASIC_SAMPLE);
  const items = Array.from({ length: ITEMS }, () => ({ request }));
  const first = await renderMergedDocumentWithPages(items);
  if (first.pageCount !== ITEMS) throw new Error(`expected ${ITEMS} one-page items, got ${first.pageCount} pages`);
  const merges: number[] = [];
  const mergeCpu: number[] = [];
  const singles: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await renderMergedDocumentWithPages(items);
    merges.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    mergeCpu.push((cpu.user + cpu.system) / 1000);
    for (let i = 0; i < 50; i++) {
      const t1 = performance.now();
      await renderDocument(request);
      singles.push(performance.now() - t1);
    }
  }
  const median = summarize(merges).median;
  const alone = summarize(singles).median;
  log(`${ITEMS} items merged: median ${ms(median)} of ${ROUNDS} (min ${ms(Math.min(...merges))}, max ${ms(Math.max(...merges))}), ${ms(median / ITEMS)} per item, ${(first.pdf.length / 1024).toFixed(0)} KB`);
  // CPU time of this process (garbage collection included): what a busy neighbour's turns on the cores leave out.
  log(`  CPU median ${ms(summarize(mergeCpu).median)}`);
  log(`one invoice alone: median ${ms(alone)} (x ${ITEMS} = ${ms(alone * ITEMS)}); target ${ms(MERGED_TARGET_MS)}: ${median <= MERGED_TARGET_MS ? 'PASS' : 'MISS'}`);
  return { median, perItem: median / ITEMS, alone };
}

// `node bench/.build/bench/merged.js` (after `npm run bench:build`) runs this section alone.
if (require.main === module) {
  runMerged((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
