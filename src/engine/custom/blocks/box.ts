import { Card } from '../../toolkit/card';
import { COLORS } from '../../toolkit/theme';
import { LayoutPath } from '../layout-path';
import { CompiledBlock } from './compiled-block';
import { ColorFn, CompileContext, isNode, LayoutNode, readColor, readNumber } from './compile-context';
import { collect } from './column';
import { SPACE_BEFORE } from './spacing';

/**
 * `box`: blocks in a panel (padding, border, background, rounded corners), kept together on one
 * page as the toolkit's card is. Without border nor background it gets the built-ins' thin border.
 */
export function compileBoxBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues } = context;
  const padding = readNumber(node, 'padding', path, issues, 10, 0, 200);
  const radius = readNumber(node, 'radius', path, issues, 4, 0, 100);
  const background = readColor(node.background, [...path, 'background'], issues);
  let border: ColorFn | undefined;
  let borderWidth = 0.75;
  if (isNode(node.border)) {
    border = readColor(node.border.color ?? COLORS.rule, [...path, 'border', 'color'], issues);
    borderWidth = readNumber(node.border, 'width', [...path, 'border'], issues, borderWidth, 0, 20);
  } else {
    border = readColor(node.border, [...path, 'border'], issues) ?? (background === undefined ? COLORS.rule : undefined);
  }
  const blocks = context.blocks(node.blocks, [...path, 'blocks']);
  return {
    build(scope, emit) {
      const content = collect((inner) => blocks.forEach((block) => block.build(scope, inner)));
      scope.spend(1);
      const frame = {
        fill: background === undefined ? null : scope.color(background, COLORS.white),
        border: border === undefined ? null : scope.color(border, COLORS.rule),
        borderWidth,
        radius,
      };
      emit({ block: new Card(content, padding, undefined, frame), space: SPACE_BEFORE.box });
    },
  };
}
