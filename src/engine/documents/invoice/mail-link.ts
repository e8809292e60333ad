import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { Paragraph } from '../../toolkit/paragraph';
import { TextStyle } from '../../toolkit/text-style';

/** One address, no spaces or brackets: anything else is printed but not linked. */
const ADDRESS = /^[^\s@<>()]+@[^\s@<>()]+$/;

/** An e-mail address that opens the reader's mail program (a mailto: link over the printed text). */
export function mailLink(address: string, style: TextStyle): Block {
  if (!ADDRESS.test(address)) return new Paragraph(address, style);
  // P > Link (the text and, by an OBJR, the annotation): tagging.
  const paragraph = new Paragraph(address, style, { role: 'Link' });
  return {
    layout(canvas: Canvas, width: number): Laid {
      const laid = paragraph.layout(canvas, width);
      const linkWidth = Math.min(width, canvas.measure(address, style));
      return {
        height: laid.height,
        draw(target, x, y) {
          target.tags.element('P', () => {
            laid.draw(target, x, y);
            // The annotation joins the Link element just drawn (Tagger.linked).
            target.link(x, y, linkWidth, laid.height, `mailto:${address}`);
          });
        },
      };
    },
  };
}
