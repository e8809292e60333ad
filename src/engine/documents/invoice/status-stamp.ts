import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { TextStyle, lineHeight, restyle, textStyle } from '../../toolkit/text-style';

const TILT = -8;
const PAD_X = 8;
const PAD_Y = 3;
const SIZE = 13;

/**
 * A rubber stamp ("PAID", "OVERDUE"): an outlined word tilted like a stamp, right-aligned in its
 * block. The block is as tall as the tilted box, so the stamp never covers the figures around it;
 * a word wider than the room shrinks (it is a status, not customer text, but it stays whole).
 */
export function statusStamp(word: string, color: string, gapAbove: number): Block {
  return {
    layout(canvas: Canvas, width: number): Laid {
      const angle = (Math.abs(TILT) * Math.PI) / 180;
      const base = textStyle(SIZE, color, { bold: true });
      const boxFor = (style: TextStyle) => ({ w: canvas.measure(word, style) + 2 * PAD_X, h: lineHeight(style) + 2 * PAD_Y });
      let style = base;
      let { w, h } = boxFor(style);
      const turnedWidth = () => w * Math.cos(angle) + h * Math.sin(angle);
      if (turnedWidth() > width) {
        style = restyle(base, { size: Math.max(6, (SIZE * width) / turnedWidth()) });
        ({ w, h } = boxFor(style));
      }
      const boundsWidth = turnedWidth();
      const boundsHeight = w * Math.sin(angle) + h * Math.cos(angle);
      return {
        height: gapAbove + boundsHeight,
        draw(target, x, y) {
          const centreX = x + width - boundsWidth / 2;
          const centreY = y + gapAbove + boundsHeight / 2;
          target.turned(TILT, centreX, centreY, 0.85, () => {
            target.strokeRect(centreX - w / 2, centreY - h / 2, w, h, color, 1.5, 3);
            target.text(word, centreX - w / 2 + PAD_X, centreY - h / 2 + PAD_Y, style);
          });
        },
      };
    },
  };
}
