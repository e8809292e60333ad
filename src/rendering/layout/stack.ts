import { Block, Laid } from './block';
import { Canvas } from './canvas';

export interface StackOptions {
  gap?: number;
  /** Children kept on the same page as the one after them when splitting (e.g. a heading). */
  keepFirstWithNext?: number;
}

/** Children one under another; splits between children, or inside the child that straddles. */
export class VStack implements Block {
  constructor(
    private readonly children: Block[],
    private readonly options: StackOptions = {},
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    return new LaidStack(
      this.children.map((child) => child.layout(canvas, width)),
      this.options.gap ?? 0,
      this.options.keepFirstWithNext ?? 0,
    );
  }
}

export class LaidStack implements Laid {
  readonly height: number;

  constructor(
    private readonly children: Laid[],
    private readonly gap: number,
    private readonly keepFirst: number,
  ) {
    this.height = children.reduce((sum, child, index) => sum + child.height + (index > 0 ? gap : 0), 0);
  }

  draw(canvas: Canvas, x: number, y: number): void {
    let top = y;
    for (const child of this.children) {
      child.draw(canvas, x, top);
      top += child.height + this.gap;
    }
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    let used = 0;
    for (let index = 0; index < this.children.length; index++) {
      const child = this.children[index];
      const gap = index > 0 ? this.gap : 0;
      if (used + gap + child.height <= room) {
        used += gap + child.height;
        continue;
      }
      const parts = child.split?.(room - used - gap, atPageTop && index === 0) ?? null;
      const head = parts ? [...this.children.slice(0, index), parts[0]] : this.children.slice(0, index);
      const tail = parts ? [parts[1], ...this.children.slice(index + 1)] : this.children.slice(index);
      // A heading alone at the bottom of a page is no use: move it with what follows.
      const headHasContent = parts ? index >= this.keepFirst : index > this.keepFirst;
      if (!headHasContent || head.length === 0) return null;
      return [new LaidStack(head, this.gap, 0), new LaidStack(tail, this.gap, 0)];
    }
    return null;
  }
}

/** Side-by-side blocks with given widths (fractions of the row); kept whole on one page. */
export class HStack implements Block {
  constructor(
    private readonly children: Array<{ block: Block; fraction: number }>,
    private readonly gap = 0,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const total = this.children.reduce((sum, child) => sum + child.fraction, 0);
    const free = width - this.gap * (this.children.length - 1);
    const laid = this.children.map((child) => {
      const childWidth = (free * child.fraction) / total;
      return { laid: child.block.layout(canvas, childWidth), width: childWidth };
    });
    return {
      height: Math.max(0, ...laid.map((child) => child.laid.height)),
      draw: (target, x, y) => {
        let left = x;
        for (const child of laid) {
          child.laid.draw(target, left, y);
          left += child.width + this.gap;
        }
      },
    };
  }
}
