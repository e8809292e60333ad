import { InvalidDocumentData } from '../../errors';
import { Paragraph } from '../../toolkit/paragraph';
import { ProgressBar } from '../../toolkit/progress-bar';
import { LayoutPath, layoutPath } from '../layout-path';
import { CompiledBlock, Piece } from './compiled-block';
import { CompileContext, LayoutNode, readColor, readOptionalText, readText } from './compile-context';
import { Column } from './column';
import { SPACE_BEFORE } from './spacing';

/** `progress`: a bar filled to a percentage (0 to 100; beyond is drawn at the nearest end), with an optional label above. */
export function compileProgressBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues, theme } = context;
  const value = readText(node, 'value', path, issues);
  const label = readOptionalText(node, 'label', path, issues);
  const color = readColor(node.color, [...path, 'color'], issues);
  const valuePath = layoutPath([...path, 'value']);
  return {
    build(scope, emit) {
      const text = value(scope.evaluation).trim().replace(/%$/, '');
      const percent = text === '' ? 0 : Number(text);
      if (!Number.isFinite(percent)) throw new InvalidDocumentData(`${valuePath} must give a number from 0 to 100, not "${text.slice(0, 40)}"`);
      scope.spend(1);
      const bar: Piece = { block: new ProgressBar(percent, scope.color(color, theme.look.accent), theme.look), space: 2 };
      const caption = label?.(scope.evaluation) ?? '';
      const block = caption.trim() === '' ? bar.block : new Column([{ block: new Paragraph(caption, theme.styles.small), space: 0 }, bar]);
      emit({ block, space: SPACE_BEFORE.progress });
    },
  };
}
