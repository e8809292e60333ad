import { fixed } from './block';
import { Canvas } from './canvas';
import { PageFlow } from './page-flow';

/** A canvas that only counts pages: PageFlow adds them, the blocks here draw nothing. */
function pageCounter(): Canvas & { pages: number } {
  const counter = { pages: 1, addPage: () => counter.pages++, clipped: (_top: number, _bottom: number, draw: () => void) => draw() };
  return counter as unknown as Canvas & { pages: number };
}

describe('PageFlow', () => {
  it('places a block that exceeds the room by floating-point dust on the same page', () => {
    const canvas = pageCounter();
    const flow = new PageFlow(canvas, { x: 0, y: 0, width: 100, height: 300 });
    // Heights summed from fractions miss by such dust (0.1 * 3 is 0.30000000000000004).
    flow.add({ layout: () => fixed(200) });
    flow.add({ layout: () => fixed(100.004) });
    expect(canvas.pages).toBe(1);
  });

  it('still moves a block that is really too tall to the next page', () => {
    const canvas = pageCounter();
    const flow = new PageFlow(canvas, { x: 0, y: 0, width: 100, height: 300 });
    flow.add({ layout: () => fixed(200) });
    flow.add({ layout: () => fixed(100.5) });
    expect(canvas.pages).toBe(2);
  });
});
