import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { Paragraph } from '../../toolkit/paragraph';
import { StructRole } from '../../tagging/tagger';
import { restyle, TextAlign, TextStyle } from '../../toolkit/text-style';

/**
 * A headline figure on one line at its size when it fits, else on one line at a smaller size
 * down to `floor`; below the floor it wraps whole at the floor size. Never cut.
 */
export class FittedText implements Block {
  constructor(
    private readonly text: string,
    private readonly style: TextStyle,
    private readonly floor: number,
    private readonly align: TextAlign,
    /** Structure element (tagging): 'P' unless given. */
    private readonly role: StructRole = 'P',
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const natural = canvas.measure(this.text, this.style);
    // Rounded down to a tenth of a point: the exact ratio would leave the line over its width by rounding dust.
    const size = natural <= width ? this.style.size : Math.max(this.floor, Math.floor((this.style.size * width * 10) / natural) / 10);
    return new Paragraph(this.text, restyle(this.style, { size }), { align: this.align, role: this.role }).layout(canvas, width);
  }
}
