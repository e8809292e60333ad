import { Block, Laid } from '../../toolkit/block';

/**
 * The block drawn `inset` points narrower on its right, so its right edge meets figures inset by
 * as much; mirrored (a right-to-left document), narrower on its left.
 */
export function rightInset(block: Block, inset: number, mirrored = false): Block {
  if (!mirrored) return { layout: (canvas, width) => block.layout(canvas, Math.max(1, width - inset)) };
  return { layout: (canvas, width) => shifted(block.layout(canvas, Math.max(1, width - inset)), inset) };
}

function shifted(laid: Laid, dx: number): Laid {
  return {
    height: laid.height,
    draw: (canvas, x, y) => laid.draw(canvas, x + dx, y),
    split: laid.split && ((room, atPageTop) => laid.split!(room, atPageTop)?.map((part) => shifted(part, dx)) as [Laid, Laid] | null),
  };
}
