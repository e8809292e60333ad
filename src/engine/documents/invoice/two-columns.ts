import { Block, Laid, fixed } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { VStack } from '../../toolkit/stack';

/** Below this width two columns would be too narrow to read (an A6 page): the right one goes under the left. */
const NARROWEST_ROW = 320;

/**
 * The left block (3 parts) beside the right one (2 parts), kept whole on a page; mirrored (a
 * right-to-left document), the first block on the right. When the row is taller than a whole
 * page (a 500-character name and address), it continues as the left block followed by the right
 * one: side by side, a value cut at the page's foot would have the other column's text between
 * its parts, for a reader and for the text layer.
 */
export function twoColumns(left: Block, right: Block, gap: number, stackedGap: number, mirrored = false): Block {
  return {
    layout(canvas: Canvas, width: number): Laid {
      const stacked = () => new VStack([left, right], { gap: stackedGap }).layout(canvas, width);
      if (width < NARROWEST_ROW) return stacked();
      const leftWidth = ((width - gap) * 3) / 5;
      const rightWidth = width - gap - leftWidth;
      const first = left.layout(canvas, leftWidth);
      const second = right.layout(canvas, rightWidth);
      return {
        height: Math.max(first.height, second.height),
        // Drawn, and so read, first block first; mirrored (a right-to-left document) it stands on the right.
        draw: (target, x, y) => {
          first.draw(target, mirrored ? x + rightWidth + gap : x, y);
          second.draw(target, mirrored ? x : x + leftWidth + gap, y);
        },
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
