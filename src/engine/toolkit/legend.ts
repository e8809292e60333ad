import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { COLORS, SPACE, TYPE } from './theme';
import { lineHeight, textStyle, TextStyle } from './text-style';
import { wrapText } from './text-wrap';

export interface LegendEntry {
  label: string;
  color: string;
}

const ITEM: TextStyle = textStyle(TYPE.small, COLORS.text);
const SWATCH = 8;

/** Colour swatches with labels, flowing left to right and wrapping; every label whole. */
export class Legend implements Block {
  constructor(
    private readonly entries: LegendEntry[],
    private readonly look: Look = BUILT_IN_LOOK,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const style = this.look === BUILT_IN_LOOK ? ITEM : lookStyle(this.look, TYPE.small, this.look.text);
    const step = lineHeight(style) + 2;
    const labelWidth = Math.max(1, width - SWATCH - 4);
    const placed: PlacedEntry[] = [];
    let x = 0;
    let row = 0;
    for (const entry of this.entries) {
      // A label too long for one line takes rows of its own, wrapped whole.
      const lines = wrapText(entry.label, canvas.stack(style), style.size, labelWidth);
      const itemWidth = SWATCH + 4 + Math.max(...lines.map((line) => canvas.measure(line, style))) + SPACE.lg;
      if (x > 0 && (lines.length > 1 || x + itemWidth > width)) {
        x = 0;
        row++;
      }
      placed.push({ entry, lines, x, row });
      if (lines.length > 1) {
        row += lines.length;
        x = 0;
      } else x += itemWidth;
    }
    return new LaidLegend(placed, x === 0 ? row : row + 1, style, step, width);
  }
}

interface PlacedEntry {
  entry: LegendEntry;
  lines: string[];
  x: number;
  row: number;
}

/** Splits between rows (never inside a wrapped label): a legend of many kinds may run over pages. */
class LaidLegend implements Laid {
  readonly height: number;

  constructor(
    private readonly placed: PlacedEntry[],
    private readonly rows: number,
    private readonly style: TextStyle,
    private readonly step: number,
    private readonly width: number,
    /** Ties the legend's parts on several pages to one list (tagging). */
    private readonly key: object = {},
  ) {
    this.height = rows * step;
  }

  /** Tagged as a list (L): an entry an item (LI > LBody) whose swatch is decoration (an Artifact). */
  draw(canvas: Canvas, left: number, top: number): void {
    const tags = canvas.tags;
    tags.element(
      'L',
      () => {
        for (const item of this.placed) {
          const y = top + item.row * this.step;
          tags.element('LI', () =>
            tags.element('LBody', () => {
              canvas.rect(left + item.x, y + (lineHeight(this.style) - SWATCH) / 2, SWATCH, SWATCH, item.entry.color, 2);
              // Placed after its swatch by its measured width: a right-to-left label starts there too, not at the row's end.
              item.lines.forEach((line, n) => canvas.text(line, left + item.x + SWATCH + 4, y + n * this.step, this.style, this.width - item.x - SWATCH - 4, 'left'));
            }),
          );
        }
      },
      { key: this.key },
    );
  }

  split(room: number): [Laid, Laid] | null {
    let rows = Math.min(this.rows - 1, Math.floor(room / this.step));
    while (rows > 0 && this.placed.some((item) => item.row < rows && rows < item.row + item.lines.length)) rows--;
    if (rows <= 0) return null;
    const part = (items: PlacedEntry[], count: number) => new LaidLegend(items, count, this.style, this.step, this.width, this.key);
    return [
      part(this.placed.filter((item) => item.row < rows), rows),
      part(this.placed.filter((item) => item.row >= rows).map((item) => ({ ...item, row: item.row - rows })), this.rows - rows),
    ];
  }
}
