import { LayoutPath } from '../layout-path';
import { compileCondition } from '../liquid/compile-liquid';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readString } from './compile-context';

/** `if`: the blocks when the Liquid condition holds, else the `else` blocks. */
export function compileIfBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const condition = compileCondition(readString(node, 'condition', path, context.issues, true), [...path, 'condition'], context.issues);
  const then = context.blocks(node.blocks, [...path, 'blocks']);
  const otherwise = node.else === undefined ? [] : context.blocks(node.else, [...path, 'else']);
  return {
    build(scope, emit) {
      for (const block of condition(scope.evaluation) ? then : otherwise) block.build(scope, emit);
    },
  };
}
