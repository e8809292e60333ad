import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { Rect } from './rect';

/** Floating-point dust a block may exceed the room by and still fit (heights are sums of many fractions). */
export const FIT_TOLERANCE = 0.01;

/**
 * Places blocks top to bottom in the content frame of each page, starting a new page when a
 * block does not fit or when the layout asks for one. The only place where pages are added.
 * A block that fills its page is stretched to all the room left on the page it is placed on.
 */
export class PageFlow {
  private cursor = 0;
  private pageHasContent = false;

  constructor(
    private readonly canvas: Canvas,
    readonly frame: Rect,
  ) {}

  /** Room left on the current page, with the tolerance for floating-point dust. */
  get room(): number {
    return this.frame.height - this.cursor + FIT_TOLERANCE;
  }

  add(block: Block, gapBefore = 0): void {
    this.place(block.layout(this.canvas, this.frame.width), gapBefore);
  }

  place(laid: Laid, gapBefore = 0): void {
    let rest: Laid | null = laid;
    let gap = this.pageHasContent ? gapBefore : 0;
    while (rest) {
      if (rest.height <= this.room - gap) {
        this.drawHere(rest.fills && rest.stretch ? rest.stretch(this.room - FIT_TOLERANCE - gap) : rest, gap);
        return;
      }
      const atPageTop = !this.pageHasContent;
      const parts: [Laid, Laid] | null = rest.split?.(this.room - gap, atPageTop) ?? null;
      // A split that moves nothing forward would loop for ever: treat it as no split.
      if (parts && parts[0].height > 0 && parts[1].height < rest.height) {
        this.drawHere(parts[0], gap);
        rest = parts[1];
      } else if (atPageTop) {
        // Taller than a page and unsplittable (only with tiny pages): draw what fits the frame.
        const laid = rest;
        this.canvas.clipped(this.frame.y, this.frame.y + this.frame.height, () => this.drawHere(laid, gap));
        return;
      }
      this.newPage();
      gap = 0;
    }
  }

  /** Continues on a new page; layouts call it for a break of their own (e.g. one month per page). */
  newPage(): void {
    this.canvas.addPage();
    this.cursor = 0;
    this.pageHasContent = false;
  }

  private drawHere(laid: Laid, gap: number): void {
    laid.draw(this.canvas, this.frame.x, this.frame.y + this.cursor + gap);
    this.cursor += gap + laid.height;
    this.pageHasContent = true;
  }
}
