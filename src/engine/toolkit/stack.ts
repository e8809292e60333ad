import { Block, Laid, fixed } from './block';
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
      const parts = child.split?.(room - used - gap, atPageTop) ?? null;
      const head = parts ? [...this.children.slice(0, index), parts[0]] : this.children.slice(0, index);
      const tail = parts ? [parts[1], ...this.children.slice(index + 1)] : this.children.slice(index);
      // A heading alone at the bottom of a page is no use: move it with what follows. On a page of
      // its own there is nowhere better to go: it stays alone rather than the rest being lost.
      const headHasContent = parts ? index >= this.keepFirst : index > this.keepFirst;
      if (head.length === 0 || (!headHasContent && !atPageTop)) return null;
      return [new LaidStack(head, this.gap, 0), new LaidStack(tail, this.gap, 0)];
    }
    return null;
  }
}

/**
 * Side-by-side blocks with given widths (fractions of the row). Kept whole on one page; only a
 * row taller than a page is split, every column at the same height. With `evenHeights`, columns
 * that can stretch (cards) are drawn as tall as the row.
 */
export class HStack implements Block {
  constructor(
    private readonly children: Array<{ block: Block; fraction: number }>,
    private readonly gap = 0,
    private readonly evenHeights = false,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const total = this.children.reduce((sum, child) => sum + child.fraction, 0);
    const free = width - this.gap * (this.children.length - 1);
    const widths = this.children.map((child) => (free * child.fraction) / total);
    const columns = this.children.map((child, i) => child.block.layout(canvas, widths[i]));
    const height = Math.max(0, ...columns.map((column) => column.height));
    return new LaidRow(
      this.evenHeights ? columns.map((column) => (column.stretch && column.height < height ? column.stretch(height) : column)) : columns,
      widths,
      this.gap,
    );
  }
}

class LaidRow implements Laid {
  readonly height: number;

  constructor(
    private readonly columns: Laid[],
    private readonly widths: number[],
    private readonly gap: number,
  ) {
    this.height = Math.max(0, ...columns.map((column) => column.height));
  }

  draw(canvas: Canvas, x: number, y: number): void {
    let left = x;
    this.columns.forEach((column, i) => {
      column.draw(canvas, left, y);
      left += this.widths[i] + this.gap;
    });
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    if (!atPageTop) return null;
    const heads: Laid[] = [];
    const tails: Laid[] = [];
    for (const column of this.columns) {
      if (column.height <= room) {
        heads.push(column);
        tails.push(fixed(0));
        continue;
      }
      const parts = column.split?.(room, true);
      if (!parts) return null;
      heads.push(parts[0]);
      tails.push(parts[1]);
    }
    return [new LaidRow(heads, this.widths, this.gap), new LaidRow(tails, this.widths, this.gap)];
  }
}
