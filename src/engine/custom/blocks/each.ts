import { LayoutPath, layoutPath } from '../layout-path';
import { compileValuePath } from '../liquid/compile-liquid';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readLoopName, readString } from './compile-context';

/** `each`: the blocks once per element of an array, the element named `as` (and `loop`). */
export function compileEachBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues } = context;
  const items = compileValuePath(readString(node, 'items', path, issues, true), [...path, 'items'], issues);
  const as = readLoopName(node, path, issues, 'item');
  const blocks = context.blocks(node.blocks, [...path, 'blocks']);
  const itemsPath = layoutPath([...path, 'items']);
  return {
    build(scope, emit) {
      const list = scope.items(items, itemsPath);
      scope.spend(list.length);
      scope.evaluation.loop(as, list, () => {
        for (const block of blocks) block.build(scope, emit);
      });
    },
  };
}
