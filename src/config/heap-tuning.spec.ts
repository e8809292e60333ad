import { tuneHeapForMemory } from './heap-tuning';

describe('tuneHeapForMemory', () => {
  it('sets both garbage-collector heuristics when the operator set neither', () => {
    expect(tuneHeapForMemory('')).toEqual(['--semi-space-growth-factor=1', '--heap-growing-percent=50']);
  });

  it('leaves a heuristic the operator set on the command line or in NODE_OPTIONS, in either spelling', () => {
    expect(tuneHeapForMemory('--heap-growing-percent=80')).toEqual(['--semi-space-growth-factor=1']);
    expect(tuneHeapForMemory('--max-old-space-size=512 --semi_space_growth_factor=2')).toEqual(['--heap-growing-percent=50']);
    expect(tuneHeapForMemory('--semi-space-growth-factor=2 --heap_growing_percent=0')).toEqual([]);
  });

  it('lets the young generation grow when the operator sizes it', () => {
    expect(tuneHeapForMemory('--max-semi-space-size=8')).toEqual(['--heap-growing-percent=50']);
  });
});
