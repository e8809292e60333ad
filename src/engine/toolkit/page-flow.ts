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

  /**
   * Adds `block`, then `next` on the same page as the end of `block`: when `next` would start a
   * page of its own (an invoice's notes after its totals), the last part of `block` (as its own
   * split leaves it: the last rows with the totals) goes over with it, so that no page carries
   * only the closing words. A `next` taller than half a page is placed as any other block.
   */
  addKeptWithNext(block: Block, gapBefore: number, next: Block, gapBetween: number): void {
    const nextLaid = next.layout(this.canvas, this.frame.width);
    const keptWith = nextLaid.height + gapBetween <= this.frame.height / 2 ? { next: nextLaid, gap: gapBetween } : undefined;
    this.place(block.layout(this.canvas, this.frame.width), gapBefore, keptWith);
    if (!keptWith) this.place(nextLaid, gapBetween);
  }

  place(laid: Laid, gapBefore = 0, keptWith?: { next: Laid; gap: number }): void {
    let rest: Laid | null = laid;
    let gap = this.pageHasContent ? gapBefore : 0;
    // The end of a block goes over with what is kept with it once: on the new page they stand together or not at all.
    let tailMoved = false;
    while (rest) {
      if (rest.height <= this.room - gap) {
        const tail: [Laid, Laid] | null = keptWith && !tailMoved && rest.height + gap + keptWith.gap + keptWith.next.height > this.room ? this.tailOf(rest) : null;
        if (tail) {
          this.drawHere(tail[0], gap);
          this.newPage();
          [rest, gap, tailMoved] = [tail[1], 0, true];
          continue;
        }
        this.drawHere(rest.fills && rest.stretch ? rest.stretch(this.room - FIT_TOLERANCE - gap) : rest, gap);
        if (keptWith) this.place(keptWith.next, keptWith.gap);
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
        if (keptWith) this.place(keptWith.next, keptWith.gap);
        return;
      }
      this.newPage();
      gap = 0;
    }
  }

  /** The block split just before its end (a table: its last rows with the totals), when it splits so. */
  private tailOf(laid: Laid): [Laid, Laid] | null {
    const parts = laid.split?.(laid.height - 1, false) ?? null;
    return parts && parts[0].height > 0 && parts[1].height > 0 && parts[1].height < laid.height ? parts : null;
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
