import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { COLORS } from './theme';

/** A bordered panel around content; kept whole on one page unless taller than a page. */
export class Card implements Block {
  constructor(
    private readonly content: Block,
    private readonly padding: number,
    private readonly accent?: string,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    return this.wrap(this.content.layout(canvas, width - 2 * this.padding), width);
  }

  private wrap(inner: Laid, width: number): Laid {
    const { padding, accent } = this;
    return {
      height: inner.height + 2 * padding,
      draw: (canvas, x, y) => {
        canvas.rect(x, y, width, inner.height + 2 * padding, COLORS.white, 4);
        canvas.strokeRect(x, y, width, inner.height + 2 * padding, COLORS.rule, 0.75, 4);
        if (accent) canvas.rect(x, y + 4, 3, inner.height + 2 * padding - 8, accent);
        inner.draw(canvas, x + padding, y + padding);
      },
      split: (room, atPageTop) => {
        if (!atPageTop || !inner.split) return null;
        const parts = inner.split(room - 2 * padding, true);
        return parts ? [this.wrap(parts[0], width), this.wrap(parts[1], width)] : null;
      },
    };
  }
}
