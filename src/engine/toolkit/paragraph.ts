import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { TextAlign, TextStyle, lineHeight } from './text-style';
import { ellipsize, wrapText } from './text-wrap';

export interface ParagraphOptions {
  align?: TextAlign;
  /** Extra lines are cut and the last one ends with an ellipsis. */
  maxLines?: number;
  /** Keep on one line, cut with an ellipsis. */
  singleLine?: boolean;
  /** Lines kept together at a page break (widow/orphan control). */
  minLinesPerPart?: number;
}

/** Wrapped text; splits between lines at a page break. */
export class Paragraph implements Block {
  constructor(
    private readonly text: string,
    private readonly style: TextStyle,
    private readonly options: ParagraphOptions = {},
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const stack = canvas.stack(this.style);
    const lines = this.options.singleLine
      ? [ellipsize(this.text, stack, this.style.size, width)]
      : wrapText(this.text, stack, this.style.size, width, { maxLines: this.options.maxLines });
    return new LaidLines(lines, this.style, width, this.options.align ?? 'left', this.options.minLinesPerPart ?? 2);
  }
}

export class LaidLines implements Laid {
  readonly height: number;

  constructor(
    readonly lines: string[],
    private readonly style: TextStyle,
    private readonly width: number,
    private readonly align: TextAlign,
    private readonly minLinesPerPart: number,
  ) {
    this.height = lines.length * lineHeight(style);
  }

  draw(canvas: Canvas, x: number, y: number): void {
    const step = lineHeight(this.style);
    this.lines.forEach((line, index) => canvas.text(line, x, y + index * step, this.style, this.width, this.align));
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    const fitting = Math.floor(room / lineHeight(this.style));
    const keep = atPageTop ? 1 : Math.min(this.minLinesPerPart, this.lines.length);
    const count = Math.min(fitting, this.lines.length - (atPageTop ? 1 : keep));
    if (count < keep || count <= 0) return null;
    const make = (lines: string[]) => new LaidLines(lines, this.style, this.width, this.align, this.minLinesPerPart);
    return [make(this.lines.slice(0, count)), make(this.lines.slice(count))];
  }
}
