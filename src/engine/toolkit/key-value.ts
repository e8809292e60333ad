import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { COLORS, SPACE, TYPE } from './theme';
import { lineHeight, textStyle, TextStyle } from './text-style';
import { wrapText } from './text-wrap';

export interface KeyValue {
  key: string;
  value: string;
}

const KEY: TextStyle = textStyle(TYPE.tiny, COLORS.muted, { bold: true });
const VALUE: TextStyle = textStyle(TYPE.body, COLORS.text);

/** One line of a grid cell: a label line or a value line. */
interface CellLine {
  text: string;
  style: TextStyle;
}

/**
 * Label-over-value pairs in equal columns, labels and values wrapped whole. Splits between rows
 * of pairs, and a row taller than a whole page between its lines.
 */
export class KeyValueGrid implements Block {
  constructor(
    private readonly pairs: KeyValue[],
    private readonly columns: number,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const columnWidth = (width - SPACE.md * (this.columns - 1)) / this.columns;
    const lines = (text: string, style: TextStyle) => wrapText(text, canvas.stack(style), style.size, columnWidth).map((line) => ({ text: line, style }));
    const cells = this.pairs.map((pair) => [...lines(pair.key.toUpperCase(), KEY), ...lines(pair.value || '—', VALUE)]);
    const rows: CellLine[][][] = [];
    for (let i = 0; i < cells.length; i += this.columns) rows.push(cells.slice(i, i + this.columns));
    return new LaidGrid(rows, columnWidth);
  }
}

const cellHeight = (cell: CellLine[]) => cell.reduce((sum, line) => sum + lineHeight(line.style), 0);
const rowHeight = (row: CellLine[][]) => Math.max(0, ...row.map(cellHeight));

class LaidGrid implements Laid {
  readonly height: number;

  constructor(
    private readonly rows: CellLine[][][],
    private readonly columnWidth: number,
  ) {
    this.height = rows.reduce((sum, row) => sum + rowHeight(row), 0) + SPACE.sm * Math.max(0, rows.length - 1);
  }

  draw(canvas: Canvas, x: number, y: number): void {
    let top = y;
    for (const row of this.rows) {
      row.forEach((cell, column) => {
        let lineTop = top;
        // Tagged: a Div per pair, its label and its value a P each.
        canvas.tags.element('Div', () => {
          for (const part of [KEY, VALUE]) {
            canvas.tags.element('P', () => {
              for (const line of cell) {
                if (line.style !== part) continue;
                canvas.text(line.text, x + column * (this.columnWidth + SPACE.md), lineTop, line.style, this.columnWidth);
                lineTop += lineHeight(line.style);
              }
            });
          }
        });
      });
      top += rowHeight(row) + SPACE.sm;
    }
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    let used = 0;
    let count = 0;
    while (count < this.rows.length && used + rowHeight(this.rows[count]) <= room) used += rowHeight(this.rows[count++]) + SPACE.sm;
    if (count > 0) return [new LaidGrid(this.rows.slice(0, count), this.columnWidth), new LaidGrid(this.rows.slice(count), this.columnWidth)];
    if (!atPageTop || this.rows.length === 0) return null;
    // A row taller than a page: each cell keeps the lines that fit, the rest continue on the next page.
    const fits = (cell: CellLine[]) => {
      let height = 0;
      let kept = 0;
      while (kept < cell.length && height + lineHeight(cell[kept].style) <= room) height += lineHeight(cell[kept++].style);
      return kept;
    };
    const [first, ...rest] = this.rows;
    const kept = first.map(fits);
    if (kept.every((n) => n === 0)) return null;
    const head = first.map((cell, i) => cell.slice(0, kept[i]));
    const tail = first.map((cell, i) => cell.slice(kept[i]));
    return [new LaidGrid([head], this.columnWidth), new LaidGrid([tail, ...rest], this.columnWidth)];
  }
}

const ROW_LABEL: TextStyle = textStyle(TYPE.small, COLORS.muted);
const ROW_VALUE: TextStyle = textStyle(TYPE.small, COLORS.text, { bold: true });

/** Label left, value right-aligned, one pair a line (invoice number, dates); a long value on whole-width lines under its label. Kept whole. */
export class LabelValueList implements Block {
  private readonly label: TextStyle;
  private readonly value: TextStyle;

  constructor(
    private readonly pairs: KeyValue[],
    look: Look = BUILT_IN_LOOK,
    /** Right to left: labels on the right, values on the left. */
    private readonly mirrored = false,
  ) {
    this.label = look === BUILT_IN_LOOK ? ROW_LABEL : lookStyle(look, TYPE.small, look.muted);
    this.value = look === BUILT_IN_LOOK ? ROW_VALUE : lookStyle(look, TYPE.small, look.text, { bold: true });
  }

  layout(canvas: Canvas, width: number): Laid {
    const { label, value } = this;
    const labelWidth = Math.min(width / 2, Math.max(0, ...this.pairs.map((pair) => canvas.measure(pair.key, label))) + SPACE.md);
    const valueWidth = width - labelWidth;
    const stack = canvas.stack(value);
    const rows = this.pairs.map((pair) => {
      const beside = wrapText(pair.value, stack, value.size, valueWidth);
      // A value too long for the room beside its label takes the whole width, on the lines under it.
      if (beside.length === 1) return { key: pair.key, value: beside, below: false };
      return { key: pair.key, value: wrapText(pair.value, stack, value.size, width), below: true };
    });
    const step = lineHeight(value);
    return {
      height: rows.reduce((sum, row) => sum + (row.value.length + Number(row.below)) * step, 0),
      draw: (target, x, y) => {
        let top = y;
        // Tagged as a Table: a TR per pair, its label a TH (scope Row), its value a TD.
        const tags = target.tags;
        tags.element('Table', () =>
          tags.element('TBody', () => {
            for (const row of rows) {
              tags.element('TR', () => {
                const labelX = this.mirrored ? x + valueWidth + SPACE.xs : x;
                const valueX = row.below ? x : this.mirrored ? x : x + labelWidth;
                const valueTop = row.below ? top + step : top;
                tags.element('TH', () => target.text(row.key, labelX, top, label, labelWidth - SPACE.xs, this.mirrored ? 'right' : undefined), { scope: 'Row' });
                tags.element('TD', () =>
                  row.value.forEach((line, n) => target.text(line, valueX, valueTop + n * step, value, row.below ? width : valueWidth, this.mirrored ? 'left' : 'right')),
                );
              });
              top += (row.value.length + Number(row.below)) * step;
            }
          }),
        );
      },
    };
  }
}
