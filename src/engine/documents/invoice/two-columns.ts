import { Block, Laid, fixed } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { HStack, VStack } from '../../toolkit/stack';

/** Below this width two columns would be too narrow to read (an A6 page): the right one goes under the left. */
const NARROWEST_ROW = 320;

/**
 * The left block (3 parts) beside the right one (2 parts), kept whole on a page. When the row is
 * taller than a whole page (a 500-character name and address), it continues as the left block
 * followed by the right one: side by side, a value cut at the page's foot would have the other
 * column's text between its parts, for a reader and for the text layer.
 */
export function twoColumns(left: Block, right: Block, gap: number, stackedGap: number): Block {
  return {
    layout(canvas: Canvas, width: number): Laid {
      const stacked = () => new VStack([left, right], { gap: stackedGap }).layout(canvas, width);
      if (width < NARROWEST_ROW) return stacked();
      const row = new HStack(
        [
          { block: left, fraction: 3 },
          { block: right, fraction: 2 },
        ],
        gap,
      ).layout(canvas, width);
      return {
        height: row.height,
        draw: (target, x, y) => row.draw(target, x, y),
        split(room, atPageTop) {
          if (!atPageTop) return null;
          const rest = stacked();
          // Stacked, the columns take the whole width and may well fit the page.
          return rest.height <= room ? [rest, fixed(0)] : (rest.split?.(room, atPageTop) ?? null);
        },
      };
    },
  };
}
