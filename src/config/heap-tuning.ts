import { setFlagsFromString } from 'node:v8';
import { RENDER_WORKER_SEMI_SPACE_MB } from '../generation/pool/worker-limits';

/**
 * V8 tunes its garbage collector for throughput on a big machine; ours are small containers, and a
 * render worker's garbage lives for one render. These heuristics are read as the heap works, so
 * they can be set here rather than on the command line, and they apply to every thread:
 * - the young generation keeps its starting size instead of doubling whenever objects survive;
 * - an old generation may grow by 35% of what survived its last full collection (or V8's minimum
 *   step of 8 MB, whichever is more), not by 100-300%.
 *   Neither is a limit: a heap still grows as far as the data needs. Under the HTTP bench the
 *   HTTP thread's young generation had grown to 2 x 16 MB and each old generation to about twice
 *   its live data. Bench A/B, three rounds: peak RSS 281-372 MB before, 186-189 MB after (at 50%),
 *   `buffer` 1,136 PDFs/s before and 973 after (medians). The render workers (15.5 MB live) grow
 *   by V8's 8 MB step whatever the percentage; the HTTP thread (28.5 MB left after a full
 *   collection under load since the stand-ins of main.ts, --trace-gc) collects more often the
 *   lower it is. At 50% its committed heap sometimes settled 7 MB higher (free space it could not
 *   reuse: 56 against 49 MB), which put the bench's peak over 200 MB in 8 of 31 runs. At 35%, seven alternating rounds: peak RSS
 *   189.3-197.2 MB against 194.9-203.3, the medians of PDFs/s and of CPU per PDF within 1%. (With
 *   31.5 MB left, before the stand-ins, 35% had cost 4-5% more CPU per PDF; 25% with 30 MB, 4-5%
 *   fewer PDFs/s.);
 * - no allocation-site pretenuring: from what survives while a worker warms up, V8 learns to
 *   allocate the objects of a render's hot code (tagged elements, text runs, table cells) straight
 *   in the old generation, where they die one render later. Each worker then promoted 230 KB per
 *   scavenge and ran a full collection every 250 ms; without, 40 KB and 3 in 8 s (--trace-gc-nvp).
 *   HTTP bench, alternating runs: `url` 394 and 322 PDFs/s with it, 569 and 556 without;
 *   `buffer` 389 and 365, 590 and 616.
 * A flag the operator passes (NODE_OPTIONS or the command line) wins over ours.
 *
 * The HTTP thread's own young generation is capped on the command line, by `npm start` and the
 * image (`--max-semi-space-size=2 --min-semi-space-size=2`), because the growth factor set here
 * does not hold it: every isolate made (a render worker starting) puts the factor back to 2 until
 * that worker's own call, and the HTTP thread, busy starting too, grows meanwhile. Without the
 * flags its new space after start was 8 MB in two of four starts and 4 MB in the others, and the
 * bench's peak RSS fell in two groups, 196-198 and 203-205 MB. With them, five alternating runs of
 * the bench's protocol: 190.9-198.0 MB against 196.6-204.5.
 *
 * Called by the HTTP thread before the application loads and by every render worker as it starts:
 * creating an isolate resets the growth factor to at least 2 for the whole process.
 */
const TUNING = [
  // Sizing the young generation yourself (--max-semi-space-size=8) means you want it to grow.
  { flag: '--semi-space-growth-factor=1', unlessSet: ['--semi-space-growth-factor', '--max-semi-space-size', '--min-semi-space-size'] },
  { flag: '--heap-growing-percent=35', unlessSet: ['--heap-growing-percent'] },
  { flag: '--no-allocation-site-pretenuring', unlessSet: ['--allocation-site-pretenuring', '--no-allocation-site-pretenuring'] },
  // Read when an isolate is made, so it sizes the render workers, not the HTTP thread (see worker-limits.ts).
  { flag: `--min-semi-space-size=${RENDER_WORKER_SEMI_SPACE_MB}`, unlessSet: ['--min-semi-space-size', '--max-semi-space-size', '--semi-space-growth-factor'] },
];

export function tuneHeapForMemory(operatorFlags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`): string[] {
  const applied: string[] = [];
  for (const { flag, unlessSet } of TUNING) {
    if (unlessSet.some((name) => mentions(operatorFlags, name))) continue;
    setFlagsFromString(flag);
    applied.push(flag);
  }
  return applied;
}

/** V8 accepts both spellings of a flag name. */
function mentions(flags: string, flag: string): boolean {
  const name = flag.slice(2);
  return flags.includes(`--${name}`) || flags.includes(`--${name.replace(/-/g, '_')}`);
}
