import { RenderFailed } from '../../errors';
import { Table, TableColumn, TotalLine } from '../../toolkit/table';
import { lineHeight, textStyle } from '../../toolkit/text-style';
import { TYPE } from '../../toolkit/theme';
import { ALIGNMENTS } from '../language-schema';
import { LayoutPath, layoutPath } from '../layout-path';
import { compileValuePath, TextFn } from '../liquid/compile-liquid';
import { MAX_PAGES, TOO_MANY_PAGES } from './build-scope';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, listOf, readBoolean, readChoice, readLoopName, readOptionalText, readString, readText } from './compile-context';
import { SPACE_BEFORE } from './spacing';
import { readWidth, tableColumnWidth, Width } from './widths';

/** The toolkit table's padding above and below a row's text (table.ts CELL_Y). */
const ROW_PADDING = 8;

interface CompiledColumn {
  header: TextFn;
  cell: TextFn;
  width?: Width;
  align?: (typeof ALIGNMENTS)[number];
  badge: boolean;
}

/**
 * `table`: one row per element of an array, one Liquid template per cell; the toolkit's table
 * repeats the header on every page, keeps rows whole and draws the totals under the last column.
 */
export function compileTableBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues, theme } = context;
  const rows = compileValuePath(readString(node, 'rows', path, issues, true), [...path, 'rows'], issues);
  const as = readLoopName(node, path, issues, 'row');
  const columns = listOf(node.columns, [...path, 'columns'], issues).map(([column, at]): CompiledColumn => ({
    header: readText(column, 'header', at, issues),
    cell: readText(column, 'cell', at, issues),
    width: readWidth(column.width, [...at, 'width'], issues),
    // Left out: the start of each line (right for right-to-left text).
    align: column.align === undefined ? undefined : readChoice(column, 'align', ALIGNMENTS, 'left', at, issues),
    badge: readBoolean(column, 'badge', at, issues),
  }));
  if (columns.length === 0) issues.add([...path, 'columns'], 'must have at least one column');
  const totals = listOf(node.totals ?? [], [...path, 'totals'], issues).map(([total, at]) => ({
    label: readText(total, 'label', at, issues),
    value: readText(total, 'value', at, issues),
    emphasis: readBoolean(total, 'bold', at, issues),
  }));
  const empty = readOptionalText(node, 'empty', path, issues);
  // Columns without a width fit their content, except that the first of them takes the room
  // left when no column asks for a share of it (the description column of an invoice).
  const shared = columns.some((column) => column.width && 'fr' in column.width);
  const firstFree = shared ? -1 : columns.findIndex((column) => !column.width);
  const widths = columns.map((column, i) => (column.width ? tableColumnWidth(column.width) : i === firstFree ? { fr: 1 } : 'auto'));
  const rowsPath = layoutPath([...path, 'rows']);
  const minRowHeight = lineHeight(textStyle(TYPE.body * theme.look.scale, '')) + ROW_PADDING;

  return {
    build(scope, emit) {
      const { evaluation } = scope;
      const items = scope.items(rows, rowsPath);
      // A table that cannot fit in the page limit fails before any row is evaluated.
      if (items.length > Math.ceil((MAX_PAGES * scope.frame.height) / minRowHeight)) throw new RenderFailed(TOO_MANY_PAGES);
      scope.spend(items.length + 1);
      const tableColumns: TableColumn[] = columns.map((column, i) => ({ header: column.header(evaluation), width: widths[i], align: column.align, pill: column.badge }));
      const cells: string[][] = [];
      evaluation.loop(as, items, () => cells.push(columns.map((column) => column.cell(evaluation))));
      const totalLines: TotalLine[] = totals.map((total) => ({ label: total.label(evaluation), value: total.value(evaluation), emphasis: total.emphasis }));
      const table = new Table({
        columns: tableColumns,
        rows: cells,
        rowStyle: 'zebra',
        totals: totalLines,
        emptyText: empty ? empty(evaluation) : undefined,
        look: theme.look,
      });
      emit({ block: table, space: SPACE_BEFORE.table });
    },
  };
}
