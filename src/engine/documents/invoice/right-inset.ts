import { Block } from '../../toolkit/block';

/** The block drawn `inset` points narrower on its right, so its right edge meets figures inset by as much. */
export function rightInset(block: Block, inset: number): Block {
  return { layout: (canvas, width) => block.layout(canvas, Math.max(1, width - inset)) };
}
