/** Small statistics and formatting helpers for the benchmark printouts. */

export interface Summary {
  n: number;
  median: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of ascending-sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / (sorted.length || 1);
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    mean,
  };
}

/** Milliseconds with precision that suits their size. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${Math.round(value)} ms`;
}

export function mb(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : 'n/a';
}

/** Left-aligned text columns; numbers are expected preformatted. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]) => row.map((cell, i) => (cell ?? '').padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export interface MeasureOptions {
  /** Warm-up: at least this many calls, and keep going until warmupMs has passed (capped at 4x the minimum). */
  warmupMin: number;
  warmupMs: number;
  /** Measured calls: stop at maxIterations or once budgetMs has passed, but never before minIterations. */
  maxIterations: number;
  minIterations: number;
  budgetMs: number;
}

/** Times sequential calls of an async function; returns the measured durations in milliseconds. */
export async function measure(fn: () => Promise<unknown>, options: MeasureOptions): Promise<number[]> {
  const warmStart = performance.now();
  for (let i = 0; i < options.warmupMin * 4 && (i < options.warmupMin || performance.now() - warmStart < options.warmupMs); i++) {
    await fn();
  }
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < options.maxIterations && (samples.length < options.minIterations || performance.now() - start < options.budgetMs)) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

export interface Contender {
  name: string;
  run: () => Promise<unknown>;
  /** Calls per round: fewer for a slow contender, so that each round takes similar time for all. */
  perRound: number;
}

/** One contender's samples in ms: wall clock, and CPU time of this process (what other processes' turns on the cores leave out). */
export interface TimedSamples {
  wall: number[];
  cpu: number[];
}

/**
 * Times contenders in interleaved rounds (the order rotating each round), so that a noisy
 * neighbour or a CPU frequency change hits them all alike; each call is one sample. Every
 * contender is warmed up first for `warmupMs`, in turns as well.
 */
export async function measureInterleaved(contenders: readonly Contender[], rounds: number, warmupMs: number): Promise<Map<string, TimedSamples>> {
  const warmUntil = performance.now() + warmupMs * contenders.length;
  for (let turn = 0; turn < 3 || performance.now() < warmUntil; turn++) {
    for (const c of contenders) for (let i = 0; i < c.perRound; i++) await c.run();
  }
  const samples = new Map(contenders.map((c) => [c.name, { wall: [], cpu: [] } as TimedSamples]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(round + k) % contenders.length];
      const into = samples.get(c.name)!;
      for (let i = 0; i < c.perRound; i++) {
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        await c.run();
        into.wall.push(performance.now() - t0);
        const cpu = process.cpuUsage(cpu0);
        into.cpu.push((cpu.user + cpu.system) / 1000);
      }
    }
  }
  return samples;
}
