import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { COLORS, SPACE, TYPE } from './theme';
import { TextStyle, lineHeight } from './text-style';
import { ellipsize } from './text-wrap';

export interface LegendEntry {
  label: string;
  color: string;
}

const ITEM: TextStyle = { size: TYPE.small, color: COLORS.text };
const SWATCH = 8;

/** Colour swatches with labels, flowing left to right and wrapping; kept whole. */
export class Legend implements Block {
  constructor(
    private readonly entries: LegendEntry[],
    private readonly look: Look = BUILT_IN_LOOK,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const style = this.look === BUILT_IN_LOOK ? ITEM : lookStyle(this.look, TYPE.small, this.look.text);
    const step = lineHeight(style) + 2;
    const placed: Array<{ entry: LegendEntry; label: string; x: number; row: number }> = [];
    let x = 0;
    let row = 0;
    for (const entry of this.entries) {
      const label = ellipsize(entry.label, canvas.stack(style), style.size, width / 2);
      const itemWidth = SWATCH + 4 + canvas.measure(label, style) + SPACE.lg;
      if (x > 0 && x + itemWidth > width) {
        x = 0;
        row++;
      }
      placed.push({ entry, label, x, row });
      x += itemWidth;
    }
    return {
      height: placed.length === 0 ? 0 : (row + 1) * step,
      draw: (target, left, top) => {
        for (const item of placed) {
          const y = top + item.row * step;
          target.rect(left + item.x, y + (lineHeight(style) - SWATCH) / 2, SWATCH, SWATCH, item.entry.color, 2);
          target.text(item.label, left + item.x + SWATCH + 4, y, style, width - item.x - SWATCH - 4);
        }
      },
    };
  }
}
