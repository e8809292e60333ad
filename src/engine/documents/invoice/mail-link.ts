import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { Paragraph } from '../../toolkit/paragraph';
import { TextStyle } from '../../toolkit/text-style';

/** One address, no spaces or brackets: anything else is printed but not linked. */
const ADDRESS = /^[^\s@<>()]+@[^\s@<>()]+$/;

/** An e-mail address that opens the reader's mail program (a mailto: link over the printed text); `align: 'right'` in a mirrored layout. */
export function mailLink(address: string, style: TextStyle, align?: 'right'): Block {
  if (!ADDRESS.test(address)) return new Paragraph(address, style, { align });
  // P > Link (the text and, by an OBJR, the annotation): tagging.
  const paragraph = new Paragraph(address, style, { role: 'Link', align });
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
            target.link(align === 'right' ? x + width - linkWidth : x, y, linkWidth, laid.height, `mailto:${address}`);
          });
        },
      };
    },
  };
}
