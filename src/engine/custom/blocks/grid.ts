import { HStack } from '../../toolkit/stack';
import { LayoutPath, layoutPath } from '../layout-path';
import { compileValuePath } from '../liquid/compile-liquid';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readLoopName, readNumber, readString } from './compile-context';
import { collect, Column } from './column';
import { SPACE_BEFORE } from './spacing';

const EMPTY_CELL = new Column([]);

/**
 * `grid`: the blocks once per element of an array, in rows of `columns` equal cells. Each row is
 * kept whole (the toolkit's HStack); pages break between rows. The boxes of a row are drawn as
 * tall as its tallest cell, as the built-in kpi-dashboard's tiles are.
 */
export function compileGridBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues } = context;
  const items = compileValuePath(readString(node, 'items', path, issues, true), [...path, 'items'], issues);
  const as = readLoopName(node, path, issues, 'item');
  if (node.columns === undefined) issues.add([...path, 'columns'], 'is required');
  const columns = Math.round(readNumber(node, 'columns', path, issues, 2, 1, 12));
  const gap = readNumber(node, 'gap', path, issues, 10, 0, 200);
  const blocks = context.blocks(node.blocks, [...path, 'blocks']);
  const itemsPath = layoutPath([...path, 'items']);
  return {
    build(scope, emit) {
      const list = scope.items(items, itemsPath);
      scope.spend(list.length);
      // Row by row, so that a grid too long for the page limit stops while it flows.
      let row: Column[] = [];
      let first = true;
      const emitRow = () => {
        while (row.length < columns) row.push(EMPTY_CELL);
        emit({ block: new HStack(row.map((block) => ({ block, fraction: 1 })), gap, true), space: first ? SPACE_BEFORE.grid : gap });
        row = [];
        first = false;
      };
      scope.evaluation.loop(as, list, () => {
        row.push(collect((inner) => blocks.forEach((block) => block.build(scope, inner))));
        if (row.length === columns) emitRow();
      });
      if (row.length > 0) emitRow();
    },
  };
}
