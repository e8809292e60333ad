/**
 * Time properties that hold on a shared machine. A fixed figure ("under 50 ms") fails when another
 * `npm test` runs beside this one, so a test compares costs it measures itself, side by side: the
 * same work at n and 4n for linear time, the same request with and without a load for latency. The
 * absolute figures belong in the benchmarks (bench/).
 */

/** Milliseconds `work` takes, awaited. */
export async function timed(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Milliseconds of CPU that this process (all its threads) spends while `work` runs, awaited. */
export async function cpuTimed(work: () => unknown): Promise<number> {
  const started = process.cpuUsage();
  await work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/**
 * The least CPU time of `runs` runs each of `small` and `large`, after a warm-up run of `small`.
 * The two take turns, so a change in the machine's load falls on both; the least is the run that
 * other processes disturbed least. CPU time, not wall time: what must be linear is the work, and a
 * busy machine delays the many wake-ups of a large transfer more than those of a small one (a 5 MB
 * body measured 12x a quarter of it in wall time during a full CI run).
 */
export async function bestTimes(small: () => unknown, large: () => unknown, runs = 5): Promise<{ small: number; large: number }> {
  await small();
  const best = { small: Infinity, large: Infinity };
  for (let run = 0; run < runs; run++) {
    best.small = Math.min(best.small, await cpuTimed(small));
    best.large = Math.min(best.large, await cpuTimed(large));
  }
  return best;
}

/** 4x the input may cost 4x (linear) and some more (the garbage collector, caches), not 16x (quadratic). */
export const LINEAR_4X_BOUND = 10;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The most a request may take under a load, given its median time without the load, measured in
 * the same test: a busy machine slows both alike, while an event loop held for the whole of the
 * load (hundreds of milliseconds to seconds) exceeds it. The slack covers single scheduling hiccups.
 */
export function latencyBound(baselineMs: number): number {
  return 20 * baselineMs + 200;
}
