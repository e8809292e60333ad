import { Block } from '../../toolkit/block';
import { drawStatusPill, pillHeight, pillWidth } from '../../toolkit/status-pill';
import { Look } from '../../toolkit/look';
import { TextAlign } from '../../toolkit/text-style';
import { ALIGNMENTS } from '../language-schema';
import { LayoutPath } from '../layout-path';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readChoice, readColor, readText } from './compile-context';
import { SPACE_BEFORE } from './spacing';

/** `badge`: the toolkit's status pill; common status words get their colour unless `color` is given. Empty text draws nothing. */
export function compileBadgeBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues, theme } = context;
  const text = readText(node, 'text', path, issues);
  const color = readColor(node.color, [...path, 'color'], issues);
  const align = readChoice(node, 'align', ALIGNMENTS, 'left', path, issues);
  return {
    build(scope, emit) {
      const label = text(scope.evaluation).trim();
      if (label === '') return;
      scope.spend(1);
      const fill = color === undefined ? undefined : scope.color(color, theme.look.accent);
      emit({ block: badge(label, fill, align, theme.look), space: SPACE_BEFORE.badge });
    },
  };
}

function badge(label: string, color: string | undefined, align: TextAlign, look: Look): Block {
  return {
    layout: (canvas, width) => {
      const pill = pillWidth(canvas, label, width, look);
      const offset = align === 'left' ? 0 : align === 'right' ? width - pill : (width - pill) / 2;
      return { height: pillHeight(look), draw: (target, x, y) => drawStatusPill(target, label, x + offset, y, pill, 'left', { look, color }) };
    },
  };
}
