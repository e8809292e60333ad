import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { Paragraph } from '../../toolkit/paragraph';
import { TextStyle } from '../../toolkit/text-style';

/** One address, no spaces or brackets: anything else is printed but not linked. */
const ADDRESS = /^[^\s@<>()]+@[^\s@<>()]+$/;

/** An e-mail address that opens the reader's mail program (a mailto: link over the printed text). */
export function mailLink(address: string, style: TextStyle): Block {
  const paragraph = new Paragraph(address, style);
  if (!ADDRESS.test(address)) return paragraph;
  return {
    layout(canvas: Canvas, width: number): Laid {
      const laid = paragraph.layout(canvas, width);
      const linkWidth = Math.min(width, canvas.measure(address, style));
      return {
        height: laid.height,
        draw(target, x, y) {
          laid.draw(target, x, y);
          target.link(x, y, linkWidth, laid.height, `mailto:${address}`);
        },
      };
    },
  };
}
