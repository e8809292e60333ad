import { compiledLayout } from './compiled-cache';
import { InvalidLayout } from './layout-issue';

describe('compiledLayout', () => {
  const layout = { body: [{ type: 'text', text: 'Hello {{ name }}' }] };

  it('compiles a version once: the same key gives the same compiled object', () => {
    const first = compiledLayout('cache-spec-v1', layout);
    expect(compiledLayout('cache-spec-v1', layout)).toBe(first);
    expect(compiledLayout('cache-spec-v2', layout)).not.toBe(first);
  });

  it('does not remember a layout that failed to compile', () => {
    expect(() => compiledLayout('cache-spec-bad', { body: [{ type: 'text', text: '{{ x' }] })).toThrow(InvalidLayout);
    expect(compiledLayout('cache-spec-bad', layout)).toBe(compiledLayout('cache-spec-bad', layout));
  });

  it('forgets the least recently used versions past its bound', () => {
    const kept = compiledLayout('cache-spec-kept', layout);
    const dropped = compiledLayout('cache-spec-dropped', layout);
    for (let i = 0; i < 300; i++) {
      compiledLayout(`cache-spec-filler-${i}`, layout);
      if (i % 50 === 0) compiledLayout('cache-spec-kept', layout);
    }
    expect(compiledLayout('cache-spec-kept', layout)).toBe(kept);
    expect(compiledLayout('cache-spec-dropped', layout)).not.toBe(dropped);
  });

  it('holds at most some megabytes of definitions, however few', () => {
    const big = { body: [{ type: 'text', text: 'x'.repeat(500_000) }] };
    const first = compiledLayout('cache-spec-big-0', big);
    for (let i = 1; i <= 40; i++) compiledLayout(`cache-spec-big-${i}`, big);
    expect(compiledLayout('cache-spec-big-40', big)).toBe(compiledLayout('cache-spec-big-40', big));
    expect(compiledLayout('cache-spec-big-0', big)).not.toBe(first);
  });
});
