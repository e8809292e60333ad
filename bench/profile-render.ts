import { renderDocument } from '../src/engine/render-document';
import { invoiceWithItems, renderRequest } from '../test/support/render-cases';
import { ms, summarize } from './stats';

/**
 * A warm 20-item invoice render in a loop, for profiling (after `npm run bench:build`):
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/.build/bench/profile-render.js [seconds=10] [warmup renders=300]
 *   node bench/.build/bench/cpu-profile-summary.js /tmp/prof/<file>.cpuprofile
 * The warm-up is short next to the measured loop, so the profile is dominated by warm renders.
 */
async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const warmup = Number(process.argv[3] ?? 300);
  const items = Number(process.env.PROFILE_ITEMS ?? 20);
  const request = renderRequest('invoice-basic', invoiceWithItems(items));
  const t0 = performance.now();
  for (let i = 0; i < warmup; i++) await renderDocument(request);
  const warmMs = performance.now() - t0;
  const samples: number[] = [];
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const t = performance.now();
    await renderDocument(request);
    samples.push(performance.now() - t);
  }
  const s = summarize(samples);
  process.stdout.write(
    `invoice-basic ${items} items: warm-up ${warmup} renders in ${ms(warmMs)}; then ${s.n} renders in ${seconds} s: ` +
      `median ${ms(s.median)}, p95 ${ms(s.p95)}, mean ${ms(s.mean)}\n`,
  );
}

void main();
