import { Worker } from 'node:worker_threads';
import { RENDER_WORKER_LIMITS } from '../generation/pool/worker-limits';
import { tuneHeapForMemory } from './heap-tuning';

/** The new space of a worker made now with the render pool's limits: two semi-spaces, in MB. */
function renderWorkerNewSpaceMb(): Promise<number> {
  const source = `const { parentPort } = require('node:worker_threads');
    parentPort.postMessage(require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);`;
  const worker = new Worker(source, { eval: true, resourceLimits: RENDER_WORKER_LIMITS });
  return new Promise<number>((resolve, reject) => {
    worker.once('message', (bytes: number) => resolve(bytes / 1048576));
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

describe('tuneHeapForMemory', () => {
  it('sets every garbage-collector heuristic when the operator set none', () => {
    expect(tuneHeapForMemory('')).toEqual(['--semi-space-growth-factor=1', '--heap-growing-percent=35', '--no-allocation-site-pretenuring', '--min-semi-space-size=2']);
  });

  it('leaves a heuristic the operator set on the command line or in NODE_OPTIONS, in either spelling', () => {
    const pretenuring = '--no-allocation-site-pretenuring';
    expect(tuneHeapForMemory('--heap-growing-percent=80')).toEqual(['--semi-space-growth-factor=1', pretenuring, '--min-semi-space-size=2']);
    expect(tuneHeapForMemory('--max-old-space-size=512 --semi_space_growth_factor=2')).toEqual(['--heap-growing-percent=35', pretenuring]);
    expect(tuneHeapForMemory('--semi-space-growth-factor=2 --heap_growing_percent=0 --allocation_site_pretenuring')).toEqual([]);
    expect(tuneHeapForMemory('--no-allocation-site-pretenuring')).toEqual(['--semi-space-growth-factor=1', '--heap-growing-percent=35', '--min-semi-space-size=2']);
    expect(tuneHeapForMemory('--min-semi-space-size=1')).toEqual(['--heap-growing-percent=35', pretenuring]);
  });

  it('lets the young generation grow when the operator sizes it', () => {
    expect(tuneHeapForMemory('--max-semi-space-size=8')).toEqual(['--heap-growing-percent=35', '--no-allocation-site-pretenuring']);
  });

  it('starts the render workers made afterwards with two semi-spaces of 2 MB', async () => {
    tuneHeapForMemory('');
    expect(await renderWorkerNewSpaceMb()).toBe(4);
  });
});
