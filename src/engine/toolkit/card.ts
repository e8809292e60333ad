import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { COLORS } from './theme';

/** How a card is drawn; each part defaults to the built-in templates' card. */
export interface CardFrame {
  /** Background; null for none. Default white. */
  fill?: string | null;
  /** Border colour; null for none. Default the rule colour. */
  border?: string | null;
  borderWidth?: number;
  radius?: number;
}

/** A bordered panel around content; kept whole on one page unless taller than a page. */
export class Card implements Block {
  constructor(
    private readonly content: Block,
    private readonly padding: number,
    private readonly accent?: string,
    private readonly frame: CardFrame = {},
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    return this.wrap(this.content.layout(canvas, width - 2 * this.padding), width);
  }

  /** The card around laid content, `height` tall (more than the content's when stretched). */
  private wrap(inner: Laid, width: number, height = inner.height + 2 * this.padding): Laid {
    const { padding, accent } = this;
    const { fill = COLORS.white, border = COLORS.rule, borderWidth = 0.75, radius = 4 } = this.frame;
    return {
      height,
      draw: (canvas, x, y) => {
        if (fill) canvas.rect(x, y, width, height, fill, radius);
        if (border && borderWidth > 0) canvas.strokeRect(x, y, width, height, border, borderWidth, radius);
        if (accent) canvas.rect(x, y + 4, 3, height - 8, accent);
        inner.draw(canvas, x + padding, y + padding);
      },
      split: (room, atPageTop) => {
        if (!atPageTop || !inner.split) return null;
        const parts = inner.split(room - 2 * padding, true);
        return parts ? [this.wrap(parts[0], width), this.wrap(parts[1], width)] : null;
      },
      // Content that stretches (a box in the box) takes the extra too, so their backgrounds line up.
      stretch: (taller) => {
        const to = Math.max(taller, height);
        return this.wrap(inner.stretch?.(to - 2 * padding) ?? inner, width, to);
      },
    };
  }
}
