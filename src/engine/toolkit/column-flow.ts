import { Block, Laid } from './block';
import { Canvas } from './canvas';

export interface ColumnFlowOptions {
  /** Widest column wanted (a readable measure), in points. */
  maxWidth: number;
  /** Narrowest column worth having: below it the text runs in one column of at most `maxWidth`. */
  minWidth: number;
  /** Between columns. */
  gutter: number;
  /** Between blocks in a column (not at a column's top). */
  gap: number;
}

/**
 * Blocks flowing down newspaper columns: as many columns as keep each within `maxWidth`, filled
 * one after the other down the page, and balanced on the last page. Splits at page breaks like
 * any block, inside a child where the child can split.
 */
export class ColumnFlow implements Block {
  constructor(
    private readonly children: Block[],
    private readonly options: ColumnFlowOptions,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const { maxWidth, minWidth, gutter } = this.options;
    let count = Math.max(1, Math.ceil((width + gutter) / (maxWidth + gutter)));
    if (count > 1 && (width - gutter * (count - 1)) / count < minWidth) count--;
    const columnWidth = Math.min(maxWidth, (width - gutter * (count - 1)) / count);
    const columns = { count, step: columnWidth + gutter, gap: this.options.gap };
    return new LaidColumns(columns, this.children.map((child) => child.layout(canvas, columnWidth)));
  }
}

interface Columns {
  count: number;
  /** From one column's left edge to the next one's. */
  step: number;
  gap: number;
}

/** The blocks of each column that fit `height`, and what is left over. */
interface Filled {
  columns: Laid[][];
  rest: Laid[];
}

const TOLERANCE = 0.01;

function fill(items: Laid[], columns: Columns, height: number, atPageTop: boolean, splitting = true): Filled {
  const queue = [...items];
  const filled: Laid[][] = [];
  for (let column = 0; column < columns.count && queue.length > 0; column++) {
    const placed: Laid[] = [];
    let used = 0;
    while (queue.length > 0) {
      const gap = placed.length > 0 ? columns.gap : 0;
      const item = queue[0];
      if (used + gap + item.height <= height + TOLERANCE) {
        placed.push(item);
        used += gap + item.height;
        queue.shift();
        continue;
      }
      const parts = splitting ? (item.split?.(height - used - gap, atPageTop && placed.length === 0) ?? null) : null;
      if (parts && parts[0].height > 0 && parts[1].height < item.height) {
        placed.push(parts[0]);
        queue[0] = parts[1];
      }
      break;
    }
    filled.push(placed);
  }
  return { columns: filled, rest: queue };
}

function columnHeight(column: Laid[], gap: number): number {
  return column.reduce((sum, item, index) => sum + item.height + (index > 0 ? gap : 0), 0);
}

class LaidColumns implements Laid {
  readonly height: number;
  private readonly balanced: Laid[][];

  constructor(
    private readonly columns: Columns,
    private readonly items: Laid[],
  ) {
    this.balanced = balance(items, columns);
    this.height = Math.max(0, ...this.balanced.map((column) => columnHeight(column, columns.gap)));
  }

  draw(canvas: Canvas, x: number, y: number): void {
    drawColumns(canvas, this.balanced, this.columns, x, y);
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    const { columns, rest } = fill(this.items, this.columns, room, atPageTop);
    if (columns.every((column) => column.length === 0)) return null;
    const height = Math.max(0, ...columns.map((column) => columnHeight(column, this.columns.gap)));
    const head: Laid = { height, draw: (canvas, x, y) => drawColumns(canvas, columns, this.columns, x, y) };
    return [head, new LaidColumns(this.columns, rest)];
  }
}

function drawColumns(canvas: Canvas, columns: Laid[][], layout: Columns, x: number, y: number): void {
  columns.forEach((column, index) => {
    let top = y;
    for (const item of column) {
      item.draw(canvas, x + index * layout.step, top);
      top += item.height + layout.gap;
    }
  });
}

/** Whole blocks are worth columns up to this much taller than the lowest ones, which cut a block. */
const WHOLE_BLOCKS_SLACK = 1.25;

/**
 * The columns of the lowest height that holds every item, found by bisection (one column always
 * does); with every block whole in its column when that costs little height.
 */
function balance(items: Laid[], columns: Columns): Laid[][] {
  if (columns.count === 1 || items.length === 0) return [items];
  const cut = lowest(items, columns, true);
  const whole = lowest(items, columns, false);
  const height = (filled: Laid[][]) => Math.max(...filled.map((column) => columnHeight(column, columns.gap)));
  return height(whole) <= height(cut) * WHOLE_BLOCKS_SLACK ? whole : cut;
}

function lowest(items: Laid[], columns: Columns, splitting: boolean): Laid[][] {
  let low = columnHeight(items, columns.gap) / columns.count;
  let high = columnHeight(items, columns.gap);
  let best = fill(items, columns, high, false, splitting).columns;
  while (high - low > 0.5) {
    const middle = (low + high) / 2;
    const attempt = fill(items, columns, middle, false, splitting);
    if (attempt.rest.length === 0) {
      best = attempt.columns;
      high = middle;
    } else {
      low = middle;
    }
  }
  return best;
}
