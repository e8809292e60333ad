import { tuneHeapForMemory } from './heap-tuning';

describe('tuneHeapForMemory', () => {
  it('sets every garbage-collector heuristic when the operator set none', () => {
    expect(tuneHeapForMemory('')).toEqual(['--semi-space-growth-factor=1', '--heap-growing-percent=35', '--no-allocation-site-pretenuring']);
  });

  it('leaves a heuristic the operator set on the command line or in NODE_OPTIONS, in either spelling', () => {
    const pretenuring = '--no-allocation-site-pretenuring';
    expect(tuneHeapForMemory('--heap-growing-percent=80')).toEqual(['--semi-space-growth-factor=1', pretenuring]);
    expect(tuneHeapForMemory('--max-old-space-size=512 --semi_space_growth_factor=2')).toEqual(['--heap-growing-percent=35', pretenuring]);
    expect(tuneHeapForMemory('--semi-space-growth-factor=2 --heap_growing_percent=0 --allocation_site_pretenuring')).toEqual([]);
    expect(tuneHeapForMemory('--no-allocation-site-pretenuring')).toEqual(['--semi-space-growth-factor=1', '--heap-growing-percent=35']);
  });

  it('lets the young generation grow when the operator sizes it', () => {
    expect(tuneHeapForMemory('--max-semi-space-size=8')).toEqual(['--heap-growing-percent=35', '--no-allocation-site-pretenuring']);
  });
});
