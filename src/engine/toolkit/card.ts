import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { LaidStack } from './stack';
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

/** How a card continues across pages; by default it is kept whole on one page unless taller than a page. */
export interface CardBreaks {
  /** Split wherever the content splits (between its parts), not only when the card is taller than a page. */
  anywhere?: boolean;
  /** Drawn first in each continued part (e.g. "<title> (continued)"), `gap` above the content. */
  continued?: { block: Block; gap: number };
}

/** A bordered panel around content; kept whole on one page unless taller than a page or told otherwise. */
export class Card implements Block {
  constructor(
    private readonly content: Block,
    private readonly padding: number,
    private readonly accent?: string,
    private readonly frame: CardFrame = {},
    private readonly breaks: CardBreaks = {},
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const inner = width - 2 * this.padding;
    const { continued } = this.breaks;
    // Laid only when the card does continue: most cards never do.
    let laid: Laid | undefined;
    const heading = continued && { laid: () => (laid ??= continued.block.layout(canvas, inner)), gap: continued.gap };
    return this.wrap(this.content.layout(canvas, inner), width, heading);
  }

  /** The card around laid content, `height` tall (more than the content's when stretched). */
  private wrap(inner: Laid, width: number, heading?: { laid: () => Laid; gap: number }, height = inner.height + 2 * this.padding): Laid {
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
        if (!(atPageTop || this.breaks.anywhere) || !inner.split) return null;
        const parts = inner.split(room - 2 * padding, atPageTop);
        if (!parts) return null;
        // The heading stays with the content after it should the rest split again.
        const rest = heading ? new LaidStack([heading.laid(), parts[1]], heading.gap, 1) : parts[1];
        return [this.wrap(parts[0], width, heading), this.wrap(rest, width, heading)];
      },
      // Content that stretches (a box in the box) takes the extra too, so their backgrounds line up.
      stretch: (taller) => {
        const to = Math.max(taller, height);
        return this.wrap(inner.stretch?.(to - 2 * padding) ?? inner, width, heading, to);
      },
    };
  }
}
