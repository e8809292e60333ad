import { FontStack } from '../fonts/font-stack';
import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { TextAlign, TextStyle, lineHeight } from './text-style';
import { wrapText } from './text-wrap';
import { StructRole } from '../tagging/tagger';

export interface ParagraphOptions {
  /** Left out: the start of each line's paragraph, right for right-to-left text. */
  align?: TextAlign;
  /** Lines kept together at a page break (widow/orphan control). */
  minLinesPerPart?: number;
  /**
   * Even out the lines (headings, names): as many lines as plain wrapping gives, but broken as if
   * the column were narrower, so that no lone word ("Ltd.") sits on the last line.
   */
  balance?: boolean;
  /** Structure element of the text (tagging): 'P' unless given (H1..H6 for headings, Lbl, Link...). */
  role?: StructRole;
}

/** Wrapped text, never cut (DECISIONS section 12); splits between lines at a page break. */
export class Paragraph implements Block {
  constructor(
    private readonly text: string,
    private readonly style: TextStyle,
    private readonly options: ParagraphOptions = {},
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const stack = canvas.stack(this.style);
    const { size } = this.style;
    const lines = this.options.balance ? balancedLines(this.text, stack, size, width) : wrapText(this.text, stack, size, width);
    return new LaidLines(lines, this.style, width, this.options.align, this.options.minLinesPerPart ?? 2, this.options.role);
  }
}

/**
 * The narrowest wrapping width that keeps the greedy line count (a bisection; a handful of wraps
 * of a short heading), never narrower than the widest word so that balancing breaks no word.
 */
export function balancedLines(text: string, stack: FontStack, size: number, width: number): string[] {
  const greedy = wrapText(text, stack, size, width);
  if (greedy.length < 2 || text.includes('\n')) return greedy;
  let low = Math.max(width / greedy.length, ...text.split(/\s+/).map((word) => Math.min(width, stack.measure(word, size))));
  let high = width;
  let best = greedy;
  while (high - low > 0.5) {
    const middle = (low + high) / 2;
    const lines = wrapText(text, stack, size, middle);
    if (lines.length <= greedy.length) {
      best = lines;
      high = middle;
    } else low = middle;
  }
  return best;
}

export class LaidLines implements Laid {
  readonly height: number;

  constructor(
    readonly lines: string[],
    private readonly style: TextStyle,
    private readonly width: number,
    private readonly align: TextAlign | undefined,
    private readonly minLinesPerPart: number,
    private readonly role: StructRole = 'P',
    /** Shared by the parts of a split paragraph: one structure element across pages. */
    private readonly key: object = {},
  ) {
    this.height = lines.length * lineHeight(style);
  }

  draw(canvas: Canvas, x: number, y: number): void {
    const step = lineHeight(this.style);
    canvas.tags.element(this.role, () => this.lines.forEach((line, index) => canvas.text(line, x, y + index * step, this.style, this.width, this.align)), { key: this.key });
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    const fitting = Math.floor(room / lineHeight(this.style));
    const keep = atPageTop ? 1 : Math.min(this.minLinesPerPart, this.lines.length);
    const count = Math.min(fitting, this.lines.length - (atPageTop ? 1 : keep));
    if (count < keep || count <= 0) return null;
    const make = (lines: string[]) => new LaidLines(lines, this.style, this.width, this.align, this.minLinesPerPart, this.role, this.key);
    return [make(this.lines.slice(0, count)), make(this.lines.slice(count))];
  }
}
