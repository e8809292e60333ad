import type { ResourceLimits } from 'node:worker_threads';

/**
 * A render worker's young generation: semi-spaces of 2 MB from the start (config/heap-tuning.ts
 * sets V8's minimum before the workers are made; its growth factor of 1 keeps them there).
 * At V8's starting 1 MB, a scavenge came every 3 renders of the 20-item invoice, and a render's
 * objects alive across two of them were promoted: 44 KB a scavenge against 10 KB at 3a9de5a
 * (`--trace-gc-nvp`), which filled the old generation for full collections and V8's helper threads.
 * With 2 MB, in a worker like ab-renders.ts's, 3,000 renders: scavenges 30.4 -> 14.4 every 100
 * renders, their time 118 -> 69 us a render, a render 0.97 -> 0.86 ms.
 * (V8 gives the young generation three times a semi-space: two and the new large-object space.)
 */
export const RENDER_WORKER_SEMI_SPACE_MB = 2;

/**
 * V8 sizes a worker's young generation like a main thread's (up to 32 MB of semi-spaces each),
 * and under load every worker grew to it. A render's garbage is a few hundred KB and short-lived:
 * with 8 MB the peak RSS under the HTTP bench fell by 25-35 MB in an A/B run, with 4 MB by another
 * 10 MB (with the heap tuning of config/heap-tuning.ts), throughput unchanged within the noise.
 * The bench's ab-renders.ts renders with the same limits.
 */
export const RENDER_WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 3 * RENDER_WORKER_SEMI_SPACE_MB };
