import { fixed } from '../../toolkit/block';
import { LayoutPath } from '../layout-path';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readNumber } from './compile-context';
import { SPACE_BEFORE } from './spacing';

/** `spacer`: empty space of a given height (at most a page's). */
export function compileSpacerBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  if (node.height === undefined) context.issues.add([...path, 'height'], 'is required');
  const height = readNumber(node, 'height', path, context.issues, 0);
  return {
    build(scope, emit) {
      scope.spend(1);
      const space = Math.min(height, scope.frame.height);
      emit({ block: { layout: () => fixed(space) }, space: SPACE_BEFORE.none, spaceAfter: 0 });
    },
  };
}
