import type { ResourceLimits } from 'node:worker_threads';

/**
 * V8 sizes a worker's young generation like a main thread's (up to 32 MB of semi-spaces each),
 * and under load every worker grew to it. A render's garbage is a few MB and short-lived: with
 * 8 MB the peak RSS under the HTTP bench fell by 25-35 MB in an A/B run, with 4 MB by another
 * 10 MB (with the heap tuning of config/heap-tuning.ts), throughput unchanged within the noise.
 * The bench's ab-renders.ts renders with the same limits.
 */
export const RENDER_WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 4 };
