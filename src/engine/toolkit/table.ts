import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { drawStatusPill, pillHeight, pillWidth } from './status-pill';
import { COLORS, SPACE, TYPE } from './theme';
import { TextAlign, TextStyle, lineHeight } from './text-style';
import { wrapText } from './text-wrap';

/** Points, a percentage of the table, a share of the room left by the other columns, or the width of the widest content. */
export type ColumnWidth = number | { percent: number } | { fr: number } | 'auto';

export interface TableColumn {
  header: string;
  width: ColumnWidth;
  align?: TextAlign;
  /** Draw cells as status pills (one line, coloured by status) instead of text. */
  pill?: boolean;
}

/** A label/value line under the table (subtotal, tax, total), aligned with the last column. */
export interface TotalLine {
  label: string;
  value: string;
  emphasis?: boolean;
}

export interface TableSpec {
  columns: TableColumn[];
  rows: string[][];
  rowStyle?: 'zebra' | 'ruled';
  totals?: TotalLine[];
  /** Body rows that stay on the page of the totals, so totals never stand alone. */
  rowsWithTotals?: number;
  emptyText?: string;
  /** Fonts and colours (default: the built-in templates'). */
  look?: Look;
}

const CELL_X = 6;
const CELL_Y = 4;

/** The text styles and colours of a table, from its look. */
interface TableStyles {
  body: TextStyle;
  head: TextStyle;
  total: TextStyle;
  grandTotal: TextStyle;
  accent: string;
  muted: string;
  look: Look;
}

function tableStyles(look: Look): TableStyles {
  return {
    look,
    body: lookStyle(look, TYPE.body, look.text),
    head: lookStyle(look, TYPE.small, COLORS.white, { bold: true }),
    total: lookStyle(look, TYPE.body, look.text),
    grandTotal: lookStyle(look, TYPE.heading, look.accent, { bold: true }),
    accent: look.accent,
    muted: look.muted,
  };
}

const BUILT_IN_STYLES = tableStyles(BUILT_IN_LOOK);

interface MeasuredRow {
  index: number;
  cells: string[][];
  height: number;
}

/** Where the totals go: label and value side by side, or stacked when the table is too narrow. */
interface TotalsGeometry {
  labelWidth: number;
  valueWidth: number;
  stacked: boolean;
  height: number;
}

interface TableGeometry {
  styles: TableStyles;
  columns: TableColumn[];
  widths: number[];
  width: number;
  headerLines: string[][];
  headerHeight: number;
  rowStyle: 'zebra' | 'ruled';
  totals: TotalLine[];
  totalsGeometry: TotalsGeometry;
  rowsWithTotals: number;
}

/** A data table whose header row repeats on every page it spans. */
export class Table implements Block {
  constructor(private readonly spec: TableSpec) {}

  layout(canvas: Canvas, width: number): Laid {
    const { spec } = this;
    const styles = spec.look ? tableStyles(spec.look) : BUILT_IN_STYLES;
    const { head } = styles;
    const widths = resolveWidths(canvas, spec, width, styles);
    const headerLines = spec.columns.map((column, i) => wrapText(column.header, canvas.stack(head), head.size, widths[i] - 2 * CELL_X));
    const geometry: TableGeometry = {
      styles,
      columns: spec.columns,
      widths,
      width,
      headerLines,
      headerHeight: Math.max(...headerLines.map((lines) => lines.length)) * lineHeight(head) + 2 * CELL_Y,
      rowStyle: spec.rowStyle ?? 'zebra',
      totals: spec.totals ?? [],
      totalsGeometry: totalsGeometry(canvas, spec.totals ?? [], widths, width, styles),
      rowsWithTotals: spec.rowsWithTotals ?? 2,
    };
    const source = spec.rows.length > 0 ? spec.rows : [[spec.emptyText ?? '—']];
    const rows = source.map((cells, index) => measureRow(canvas, geometry, cells, index));
    return new LaidTable(geometry, rows, true);
  }
}

function totalStyle(line: TotalLine, styles: TableStyles): TextStyle {
  return line.emphasis ? styles.grandTotal : styles.total;
}

function totalsGeometry(canvas: Canvas, totals: TotalLine[], widths: number[], width: number, styles: TableStyles): TotalsGeometry {
  if (totals.length === 0) return { labelWidth: 0, valueWidth: 0, stacked: false, height: 0 };
  const widest = (pick: (line: TotalLine) => string) => Math.max(...totals.map((line) => canvas.measure(pick(line), totalStyle(line, styles)))) + 2 * CELL_X;
  const labelNeeded = widest((line) => line.label);
  const valueNeeded = widest((line) => line.value);
  const stacked = labelNeeded + valueNeeded > width;
  const valueWidth = stacked ? width : Math.max(widths[widths.length - 1], valueNeeded);
  const labelWidth = stacked ? width : Math.min(width - valueWidth, Math.max(widths[widths.length - 2] ?? 0, labelNeeded, 110));
  const lines = totals.reduce((sum, line) => sum + (lineHeight(totalStyle(line, styles)) + CELL_Y) * (stacked ? 2 : 1), 0);
  return { labelWidth, valueWidth, stacked, height: SPACE.sm + lines };
}

function resolveWidths(canvas: Canvas, spec: TableSpec, width: number, { head, body, look }: TableStyles): number[] {
  const natural = (i: number) => {
    const cell = spec.columns[i].pill ? (text: string) => pillWidth(canvas, text, Infinity, look) : (text: string) => canvas.measure(text, body);
    // A loop, not Math.max(...rows): a long table would pass more arguments than a call may take.
    let widest = canvas.measure(spec.columns[i].header, head);
    for (const row of spec.rows) widest = Math.max(widest, cell(row[i] ?? ''));
    return widest + 2 * CELL_X + 1;
  };
  const fraction = (column: TableColumn) => (typeof column.width === 'object' && 'fr' in column.width ? column.width.fr : 0);
  const widths = spec.columns.map((column, i) => {
    if (typeof column.width === 'number') return column.width;
    if (column.width === 'auto') return Math.min(natural(i), width / 2);
    return 'percent' in column.width ? (width * column.width.percent) / 100 : 0;
  });
  const fractions = spec.columns.reduce((sum, column) => sum + fraction(column), 0);
  // Sized columns shrink when they would leave the fractional ones less than a third of the table.
  const sized = widths.reduce((a, b) => a + b, 0);
  const room = fractions > 0 ? (width * 2) / 3 : width;
  const shrink = sized > room ? room / sized : 1;
  const left = Math.max(0, width - sized * shrink);
  return spec.columns.map((column, i) => (fraction(column) > 0 ? (left * fraction(column)) / fractions : widths[i] * shrink));
}

function measureRow(canvas: Canvas, geometry: TableGeometry, cells: string[], index: number): MeasuredRow {
  const { body } = geometry.styles;
  const stack = canvas.stack(body);
  const lines = geometry.columns.map((column, i) =>
    column.pill ? [cells[i] ?? ''] : wrapText(cells[i] ?? '', stack, body.size, Math.max(1, geometry.widths[i] - 2 * CELL_X)),
  );
  return { index, cells: lines, height: Math.max(...lines.map((cell) => cell.length)) * lineHeight(body) + 2 * CELL_Y };
}

class LaidTable implements Laid {
  readonly height: number;

  constructor(
    private readonly geometry: TableGeometry,
    private readonly rows: MeasuredRow[],
    private readonly withTotals: boolean,
  ) {
    // Totals that moved to a page of their own go without a header row.
    const header = rows.length > 0 ? geometry.headerHeight : 0;
    this.height = header + rows.reduce((sum, row) => sum + row.height, 0) + (withTotals ? geometry.totalsGeometry.height : 0);
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    const { geometry, rows } = this;
    let fitting = 0;
    let used = geometry.headerHeight;
    while (fitting < rows.length && used + rows[fitting].height <= room) used += rows[fitting++].height;
    const keep = this.withTotals && geometry.totals.length > 0 ? Math.min(geometry.rowsWithTotals, rows.length) : 0;
    let count = Math.min(fitting, rows.length - keep);
    // Last chance on an empty page: take every row that fits, even if the totals go on alone.
    if (count <= 0 && atPageTop) count = fitting;
    if (count > 0) {
      return [new LaidTable(geometry, rows.slice(0, count), false), new LaidTable(geometry, rows.slice(count), this.withTotals)];
    }
    // Only a row taller than a whole page is cut, between its lines.
    if (!atPageTop || rows.length === 0) return null;
    if (rows[0].height <= room - geometry.headerHeight) return null;
    const step = lineHeight(geometry.styles.body);
    const cut = cutRow(rows[0], Math.floor((room - geometry.headerHeight - 2 * CELL_Y) / step), step);
    if (!cut) return null;
    return [new LaidTable(geometry, [cut[0]], false), new LaidTable(geometry, [cut[1], ...rows.slice(1)], this.withTotals)];
  }

  draw(canvas: Canvas, x: number, y: number): void {
    const { geometry } = this;
    let top = this.rows.length > 0 ? this.drawHeader(canvas, x, y) : y;
    for (const row of this.rows) {
      if (geometry.rowStyle === 'zebra' && row.index % 2 === 1) canvas.rect(x, top, geometry.width, row.height, COLORS.zebra);
      this.drawCells(canvas, row.cells, x, top + CELL_Y, geometry.styles.body);
      top += row.height;
      if (geometry.rowStyle === 'ruled') canvas.line(x, top, x + geometry.width, top, COLORS.rule, 0.5);
    }
    if (this.withTotals && geometry.totals.length > 0) this.drawTotals(canvas, x, top + SPACE.sm);
  }

  private drawHeader(canvas: Canvas, x: number, y: number): number {
    const { geometry } = this;
    canvas.rect(x, y, geometry.width, geometry.headerHeight, geometry.styles.accent);
    this.drawCells(canvas, geometry.headerLines, x, y + CELL_Y, geometry.styles.head);
    return y + geometry.headerHeight;
  }

  private drawCells(canvas: Canvas, cells: string[][], x: number, y: number, style: TextStyle): void {
    let left = x;
    cells.forEach((lines, i) => {
      const width = this.geometry.widths[i];
      const column = this.geometry.columns[i];
      const align = column.align ?? 'left';
      if (column.pill && style === this.geometry.styles.body) {
        const { look } = this.geometry.styles;
        if (lines[0]) drawStatusPill(canvas, lines[0], left + CELL_X, y + (lineHeight(style) - pillHeight(look)) / 2, width - 2 * CELL_X, align === 'right' ? 'right' : 'left', { look });
        left += width;
        return;
      }
      lines.forEach((line, n) => canvas.text(line, left + CELL_X, y + n * lineHeight(style), style, width - 2 * CELL_X, align));
      left += width;
    });
  }

  private drawTotals(canvas: Canvas, x: number, y: number): void {
    const { width, totals, totalsGeometry, styles } = this.geometry;
    const { labelWidth, valueWidth, stacked } = totalsGeometry;
    const labelX = x + width - (stacked ? labelWidth : valueWidth + labelWidth);
    let top = y;
    for (const line of totals) {
      const style = totalStyle(line, styles);
      const step = lineHeight(style) + CELL_Y;
      if (line.emphasis) canvas.line(labelX + CELL_X, top - CELL_Y / 2, x + width, top - CELL_Y / 2, styles.accent, 1);
      canvas.text(line.label, labelX + CELL_X, top, { ...style, color: line.emphasis ? styles.accent : styles.muted }, labelWidth - 2 * CELL_X, 'right');
      if (stacked) top += step;
      canvas.text(line.value, x + width - valueWidth + CELL_X, top, style, valueWidth - 2 * CELL_X, 'right');
      top += step;
    }
  }
}

function cutRow(row: MeasuredRow, lines: number, step: number): [MeasuredRow, MeasuredRow] | null {
  if (lines <= 0) return null;
  const head = row.cells.map((cell) => cell.slice(0, lines));
  const tail = row.cells.map((cell) => cell.slice(lines));
  const height = (cells: string[][]) => Math.max(...cells.map((cell) => cell.length)) * step + 2 * CELL_Y;
  return [
    { index: row.index, cells: head, height: height(head) },
    { index: row.index, cells: tail, height: height(tail) },
  ];
}
