import { rule } from '../../toolkit/rule';
import { COLORS, SPACE } from '../../toolkit/theme';
import { LayoutPath } from '../layout-path';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readColor } from './compile-context';
import { SPACE_BEFORE } from './spacing';

/**
 * `divider`: a thin rule across the width, with space above and below. Kept on the page of what
 * follows: a rule never ends a page alone, nor leaves the heading above it there alone.
 */
export function compileDividerBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const color = readColor(node.color, [...path, 'color'], context.issues);
  return {
    build(scope, emit) {
      scope.spend(1);
      emit({ block: rule(SPACE.sm, scope.color(color, COLORS.rule), 0.75), space: SPACE_BEFORE.none, spaceAfter: 0, keepWithNext: true });
    },
  };
}
