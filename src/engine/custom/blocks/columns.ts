import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { HStack } from '../../toolkit/stack';
import { LayoutPath } from '../layout-path';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, listOf, readNumber } from './compile-context';
import { collect, Column } from './column';
import { SPACE_BEFORE } from './spacing';
import { readWidth, resolveWidths, Width } from './widths';

const FILL: Width = { fr: 1 };

/** `columns`: blocks side by side at widths in points, percentages or shares ("1fr"); kept on one page. */
export function compileColumnsBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues } = context;
  const gap = readNumber(node, 'gap', path, issues, 16, 0, 500);
  const columns = listOf(node.columns, [...path, 'columns'], issues).map(([column, at]) => ({
    width: readWidth(column.width, [...at, 'width'], issues) ?? FILL,
    blocks: context.blocks(column.blocks, [...at, 'blocks']),
  }));
  if (columns.length === 0) issues.add([...path, 'columns'], 'must have at least one column');
  return {
    build(scope, emit) {
      const contents = columns.map((column) => collect((inner) => column.blocks.forEach((block) => block.build(scope, inner))));
      scope.spend(1);
      emit({ block: new ColumnsRow(contents, columns.map((column) => column.width), gap), space: SPACE_BEFORE.columns });
    },
  };
}

/** The toolkit's HStack with its fractions set to the resolved widths; room no column takes stays empty. */
class ColumnsRow implements Block {
  constructor(
    private readonly contents: Column[],
    private readonly widths: Width[],
    private readonly gap: number,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const room = Math.max(0, width - this.gap * (this.contents.length - 1));
    const widths = resolveWidths(this.widths, room);
    const children = this.contents.map((block, i) => ({ block, fraction: widths[i] }));
    const left = room - widths.reduce((sum, w) => sum + w, 0);
    // HStack shares the whole width: an empty last child (after a gap) takes what is left.
    if (left > 0.5) children.push({ block: new Column([]), fraction: left - this.gap });
    return new HStack(children.filter((child) => child.fraction > 0), this.gap).layout(canvas, width);
  }
}
