import { Block } from './block';
import { COLORS } from './theme';

/** A full-width horizontal line with space above and below. */
export function rule(space: number, color: string = COLORS.rule, weight = 0.75): Block {
  return {
    layout: (_canvas, width) => ({
      height: 2 * space,
      draw: (canvas, x, y) => canvas.line(x, y + space, x + width, y + space, color, weight),
    }),
  };
}
