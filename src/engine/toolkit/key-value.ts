import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { COLORS, SPACE, TYPE } from './theme';
import { TextStyle, lineHeight } from './text-style';
import { wrapText } from './text-wrap';

export interface KeyValue {
  key: string;
  value: string;
}

const KEY: TextStyle = { size: TYPE.tiny, color: COLORS.muted, bold: true };
const VALUE: TextStyle = { size: TYPE.body, color: COLORS.text };

/** Label-over-value pairs in equal columns; each row of pairs is kept whole. */
export class KeyValueGrid implements Block {
  constructor(
    private readonly pairs: KeyValue[],
    private readonly columns: number,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const columnWidth = (width - SPACE.md * (this.columns - 1)) / this.columns;
    const cells = this.pairs.map((pair) => ({
      key: wrapText(pair.key.toUpperCase(), canvas.stack(KEY), KEY.size, columnWidth, { maxLines: 1 }),
      value: wrapText(pair.value || '—', canvas.stack(VALUE), VALUE.size, columnWidth, { maxLines: 6 }),
    }));
    const rowHeights: number[] = [];
    for (let i = 0; i < cells.length; i += this.columns) {
      const row = cells.slice(i, i + this.columns);
      rowHeights.push(Math.max(...row.map((cell) => lineHeight(KEY) + cell.value.length * lineHeight(VALUE))));
    }
    const height = rowHeights.reduce((sum, h) => sum + h, 0) + SPACE.sm * Math.max(0, rowHeights.length - 1);
    return {
      height,
      draw: (target, x, y) => {
        let top = y;
        rowHeights.forEach((rowHeight, row) => {
          cells.slice(row * this.columns, (row + 1) * this.columns).forEach((cell, column) => {
            const left = x + column * (columnWidth + SPACE.md);
            target.text(cell.key[0] ?? '', left, top, KEY, columnWidth);
            cell.value.forEach((line, n) => target.text(line, left, top + lineHeight(KEY) + n * lineHeight(VALUE), VALUE, columnWidth));
          });
          top += rowHeight + SPACE.sm;
        });
      },
    };
  }
}

const ROW_LABEL: TextStyle = { size: TYPE.small, color: COLORS.muted };
const ROW_VALUE: TextStyle = { size: TYPE.small, color: COLORS.text, bold: true };

/** Label left, value right-aligned, one pair a line (invoice number, dates). Kept whole. */
export class LabelValueList implements Block {
  private readonly label: TextStyle;
  private readonly value: TextStyle;

  constructor(
    private readonly pairs: KeyValue[],
    look: Look = BUILT_IN_LOOK,
  ) {
    this.label = look === BUILT_IN_LOOK ? ROW_LABEL : lookStyle(look, TYPE.small, look.muted);
    this.value = look === BUILT_IN_LOOK ? ROW_VALUE : lookStyle(look, TYPE.small, look.text, { bold: true });
  }

  layout(canvas: Canvas, width: number): Laid {
    const { label, value } = this;
    const labelWidth = Math.min(width / 2, Math.max(0, ...this.pairs.map((pair) => canvas.measure(pair.key, label))) + SPACE.md);
    const valueWidth = width - labelWidth;
    const rows = this.pairs.map((pair) => ({
      key: pair.key,
      value: wrapText(pair.value, canvas.stack(value), value.size, valueWidth, { maxLines: 3 }),
    }));
    const step = lineHeight(value);
    return {
      height: rows.reduce((sum, row) => sum + row.value.length * step, 0),
      draw: (target, x, y) => {
        let top = y;
        for (const row of rows) {
          target.text(row.key, x, top, label, labelWidth - SPACE.xs);
          row.value.forEach((line, n) => target.text(line, x + labelWidth, top + n * step, value, valueWidth, 'right'));
          top += row.value.length * step;
        }
      },
    };
  }
}
