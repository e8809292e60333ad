import { fixed } from './block';
import { Canvas } from './canvas';
import { VStack } from './stack';

const canvas = {} as Canvas;

describe('VStack keeping a heading with what follows', () => {
  const laid = () => new VStack([{ layout: () => fixed(50) }, { layout: () => fixed(300) }], { keepFirstWithNext: 1 }).layout(canvas, 100);

  it('moves the heading to the next page rather than leave it alone at the bottom of one', () => {
    expect(laid().split!(100, false)).toBeNull();
  });

  it('leaves it alone on a page of its own when what follows cannot share the page, so nothing is lost', () => {
    const parts = laid().split!(100, true);
    expect(parts?.map((part) => part.height)).toEqual([50, 300]);
  });
});
