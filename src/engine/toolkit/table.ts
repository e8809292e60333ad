import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { drawStatusPill, pillHeight, pillLines, pillWidth } from './status-pill';
import { COLORS, SPACE, TYPE } from './theme';
import { lineHeight, mirroredAlign, restyle, TextAlign, TextStyle } from './text-style';
import { unbreakableTokens, wrapText } from './text-wrap';

/** Points, a percentage of the table, a share of the room left by the other columns, or the width of the widest content. */
export type ColumnWidth = number | { percent: number } | { fr: number } | 'auto';

export interface TableColumn {
  header: string;
  width: ColumnWidth;
  align?: TextAlign;
  /** Draw cells as status pills (coloured by status, wrapped to taller pills when long) instead of text. */
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
  /** Laid out right to left (a right-to-left document): the first column on the right, the totals on the left, alignments swapped. */
  mirrored?: boolean;
  /** Space above and below the text of a body row (default 4 pt): an invoice's rows take 3, so 20 of them fit a Letter page with its notes. */
  rowPadding?: number;
}

/** Inset of cell text from the column edges; other blocks align figures to the table's with it. */
export const TABLE_CELL_X = 6;
const CELL_X = TABLE_CELL_X;
const CELL_Y = 4;
/** The smallest type a table shrinks to so that its figures and header words stay whole; below it they break. */
export const TABLE_MIN_TYPE = 6;

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

/** The styles with every size multiplied by `factor` (< 1), none below TABLE_MIN_TYPE. */
function scaledStyles(styles: TableStyles, factor: number): TableStyles {
  const scaled = (style: TextStyle): TextStyle => restyle(style, { size: Math.min(style.size, Math.max(TABLE_MIN_TYPE, style.size * factor)) });
  return { ...styles, body: scaled(styles.body), head: scaled(styles.head), total: scaled(styles.total), grandTotal: scaled(styles.grandTotal) };
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
  /**
   * What the parts of one table split across pages share for tagging: whether its THead is in the
   * structure tree (a later part's header row is a repeated one), and one key object per row index
   * (a row cut across pages continues one TR). Kept here, not in module-wide WeakMaps, for the
   * reason given at Tagger.keyRoles.
   */
  tagging: { headerTagged: boolean; rowKeys: Map<number, object> };
  mirrored: boolean;
  rowPadding: number;
}

/** A data table whose header row repeats on every page it spans. */
export class Table implements Block {
  constructor(private readonly spec: TableSpec) {}

  layout(canvas: Canvas, width: number): Laid {
    const { spec } = this;
    const { styles, widths } = fitColumns(canvas, spec, width, spec.look ? tableStyles(spec.look) : BUILT_IN_STYLES);
    const { head } = styles;
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
      tagging: { headerTagged: false, rowKeys: new Map() },
      mirrored: spec.mirrored === true,
      rowPadding: spec.rowPadding ?? CELL_Y,
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

/**
 * Column widths that hold every column's unbreakable words (figures, header words) and the
 * totals' values whole. When they cannot, the whole table's type shrinks, down to TABLE_MIN_TYPE;
 * only below that do columns get less than their words, which then break with a hyphen.
 */
function fitColumns(canvas: Canvas, spec: TableSpec, width: number, base: TableStyles): { styles: TableStyles; widths: number[] } {
  let styles = base;
  let minimums = minimumWidths(canvas, spec, styles);
  const padding = spec.columns.length * (2 * CELL_X + 1);
  const needed = minimums.reduce((sum, w) => sum + w, 0);
  const widestTotal = Math.max(0, ...(spec.totals ?? []).map((line) => canvas.measure(line.value, totalStyle(line, styles))));
  const factor = Math.min(needed > width ? (width - padding) / (needed - padding) : 1, widestTotal + 2 * CELL_X > width ? (width - 2 * CELL_X) / widestTotal : 1);
  if (factor < 1) {
    styles = scaledStyles(base, Math.max(0, factor));
    minimums = minimumWidths(canvas, spec, styles);
  }
  return { styles, widths: withMinimums(resolveWidths(canvas, spec, width, styles), minimums, width) };
}

/** The width of each column's widest unbreakable word with the cell insets: header words and figures. */
function minimumWidths(canvas: Canvas, spec: TableSpec, { head, body }: TableStyles): number[] {
  return spec.columns.map((column, i) => {
    let widest = 0;
    for (const word of unbreakableTokens(column.header, true)) widest = Math.max(widest, canvas.measure(word, head));
    if (!column.pill) {
      for (const row of spec.rows) {
        const cell = row[i] ?? '';
        // No figure in a cell is wider than the cell (measures are cached): most cells need no look inside.
        if (!cell || canvas.measure(cell, body) <= widest) continue;
        for (const figure of unbreakableTokens(cell, false)) widest = Math.max(widest, canvas.measure(figure, body));
      }
    }
    return widest + 2 * CELL_X + 1;
  });
}

/** Raises columns to their minimums, taking the difference from the others' room above theirs. */
function withMinimums(widths: number[], minimums: number[], width: number): number[] {
  const raised = widths.map((w, i) => Math.max(w, minimums[i]));
  const excess = raised.reduce((sum, w) => sum + w, 0) - width;
  if (excess <= 0.01) return raised;
  const spare = raised.map((w, i) => w - minimums[i]);
  const totalSpare = spare.reduce((sum, w) => sum + w, 0);
  // Even the minimums do not fit (type already at its floor): share the width by the minimums.
  if (totalSpare < excess) {
    const needed = minimums.reduce((sum, w) => sum + w, 0);
    return minimums.map((w) => (w * width) / needed);
  }
  return raised.map((w, i) => w - (spare[i] * excess) / totalSpare);
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
  const lines = geometry.columns.map((column, i) => {
    const inner = Math.max(1, geometry.widths[i] - 2 * CELL_X);
    // A status too long for its column makes a taller pill, never a cut one.
    if (column.pill) return cells[i] ? pillLines(canvas, cells[i], inner, geometry.styles.look) : [];
    return wrapText(cells[i] ?? '', stack, body.size, inner);
  });
  return { index, cells: lines, height: Math.max(1, ...lines.map((cell) => cell.length)) * lineHeight(body) + 2 * geometry.rowPadding };
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
    const cut = cutRow(rows[0], Math.floor((room - geometry.headerHeight - 2 * geometry.rowPadding) / step), step, geometry.rowPadding);
    if (!cut) return null;
    return [new LaidTable(geometry, [cut[0]], false), new LaidTable(geometry, [cut[1], ...rows.slice(1)], this.withTotals)];
  }

  /**
   * Tagged (tagging/tagger.ts) as one Table across the pages it spans (the parts share the
   * geometry as key): THead with TH cells (scope Column) on its first page, the header row
   * repeated on later pages an artifact; one TBody of TR/TD; the totals a TFoot of TR with a
   * TH (scope Row) label and a TD value.
   */
  draw(canvas: Canvas, x: number, y: number): void {
    canvas.tags.element('Table', () => this.drawTagged(canvas, x, y), { key: this.geometry });
  }

  private drawTagged(canvas: Canvas, x: number, y: number): void {
    const { geometry } = this;
    const tags = canvas.tags;
    const headerDrawn = geometry.tagging.headerTagged;
    geometry.tagging.headerTagged = true;
    const header = () => this.drawHeader(canvas, x, y);
    let top = this.rows.length === 0 ? y : headerDrawn ? tags.artifact('Pagination', header) : tags.element('THead', () => tags.element('TR', header));
    tags.element(
      'TBody',
      () => {
        for (const row of this.rows) {
          if (geometry.rowStyle === 'zebra' && row.index % 2 === 1) canvas.rect(x, top, geometry.width, row.height, COLORS.zebra);
          // A row cut between its lines continues its TR on the next page.
          tags.element('TR', () => this.drawCells(canvas, row.cells, x, top + geometry.rowPadding, geometry.styles.body), { key: rowKey(geometry, row.index) });
          top += row.height;
          if (geometry.rowStyle === 'ruled') canvas.line(x, top, x + geometry.width, top, COLORS.rule, 0.5);
        }
      },
      { key: geometry },
    );
    if (this.withTotals && geometry.totals.length > 0) tags.element('TFoot', () => this.drawTotals(canvas, x, top + SPACE.sm));
  }

  private drawHeader(canvas: Canvas, x: number, y: number): number {
    const { geometry } = this;
    canvas.rect(x, y, geometry.width, geometry.headerHeight, geometry.styles.accent);
    this.drawCells(canvas, geometry.headerLines, x, y + CELL_Y, geometry.styles.head);
    return y + geometry.headerHeight;
  }

  private drawCells(canvas: Canvas, cells: string[][], x: number, y: number, style: TextStyle): void {
    const { mirrored } = this.geometry;
    // Mirrored, the cells are drawn (and tagged) in their order from the right edge.
    let left = mirrored ? x + this.geometry.width - this.geometry.widths[0] : x;
    const next = (i: number, width: number) => (left = mirrored ? left - (this.geometry.widths[i + 1] ?? 0) : left + width);
    cells.forEach((lines, i) => {
      const width = this.geometry.widths[i];
      const column = this.geometry.columns[i];
      // Left out: each line's start (right for right-to-left text, Canvas.text); mirrored, each cell's text starts on the right.
      const align = mirrored ? mirroredAlign(column.align ?? 'left') : column.align;
      if (column.pill && style === this.geometry.styles.body) {
        const { look } = this.geometry.styles;
        const top = y + (lines.length * lineHeight(style) - pillHeight(look, lines.length)) / 2;
        const pillLeft = left;
        // A pill is its cell's content: a TD like the others (its shape decoration).
        canvas.tags.element('TD', () => {
          if (lines.length > 0) drawStatusPill(canvas, lines, pillLeft + CELL_X, top, width - 2 * CELL_X, align === 'right' ? 'right' : 'left', { look });
        }, { key: rowKey(this.geometry, -1 - i) });
        next(i, width);
        return;
      }
      const head = style === this.geometry.styles.head;
      // A column's key: within one TR (keys are scoped to the parent), a cut row's cell continues.
      const cellKey = head ? undefined : rowKey(this.geometry, -1 - i);
      const cellLeft = left;
      canvas.tags.element(head ? 'TH' : 'TD', () => lines.forEach((line, n) => canvas.text(line, cellLeft + CELL_X, y + n * lineHeight(style), style, width - 2 * CELL_X, align)), head ? { scope: 'Column' } : { key: cellKey });
      next(i, width);
    });
  }

  private drawTotals(canvas: Canvas, x: number, y: number): void {
    const { width, totals, totalsGeometry, styles, mirrored } = this.geometry;
    const { labelWidth, valueWidth, stacked } = totalsGeometry;
    // Under the last column: on the right, or mirrored on the left with the label right of the value.
    const labelX = mirrored ? x + (stacked ? 0 : valueWidth) : x + width - (stacked ? labelWidth : valueWidth + labelWidth);
    const valueX = mirrored ? x : x + width - valueWidth;
    const toward = mirrored ? 'left' : 'right';
    let top = y;
    for (const line of totals) {
      const style = totalStyle(line, styles);
      const step = lineHeight(style) + CELL_Y;
      if (line.emphasis) {
        if (mirrored) canvas.line(x, top - CELL_Y / 2, labelX + labelWidth - CELL_X, top - CELL_Y / 2, styles.accent, 1);
        else canvas.line(labelX + CELL_X, top - CELL_Y / 2, x + width, top - CELL_Y / 2, styles.accent, 1);
      }
      canvas.tags.element('TR', () => {
        // The label spans every column but the last, so the row has as many columns as the table's.
        const colSpan = this.geometry.columns.length > 2 ? this.geometry.columns.length - 1 : undefined;
        canvas.tags.element('TH', () => canvas.text(line.label, labelX + CELL_X, top, restyle(style, { color: line.emphasis ? styles.accent : styles.muted }), labelWidth - 2 * CELL_X, toward), { scope: 'Row', colSpan });
        if (stacked) top += step;
        canvas.tags.element('TD', () => canvas.text(line.value, valueX + CELL_X, top, style, valueWidth - 2 * CELL_X, toward));
      });
      top += step;
    }
  }
}

function rowKey(geometry: TableGeometry, index: number): object {
  const keys = geometry.tagging.rowKeys;
  let key = keys.get(index);
  if (!key) keys.set(index, (key = {}));
  return key;
}

function cutRow(row: MeasuredRow, lines: number, step: number, padding: number): [MeasuredRow, MeasuredRow] | null {
  if (lines <= 0) return null;
  const head = row.cells.map((cell) => cell.slice(0, lines));
  const tail = row.cells.map((cell) => cell.slice(lines));
  const height = (cells: string[][]) => Math.max(...cells.map((cell) => cell.length)) * step + 2 * padding;
  return [
    { index: row.index, cells: head, height: height(head) },
    { index: row.index, cells: tail, height: height(tail) },
  ];
}
