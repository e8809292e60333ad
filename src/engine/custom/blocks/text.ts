import { Paragraph } from '../../toolkit/paragraph';
import { restyle } from '../../toolkit/text-style';
import { ALIGNMENTS, TEXT_ROLES, TEXT_STYLES } from '../language-schema';
import { LayoutPath } from '../layout-path';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readBoolean, readChoice, readColor, readNumber, readText } from './compile-context';
import { SPACE_BEFORE } from './spacing';

const ROLES = { h1: 'H1', h2: 'H2', h3: 'H3', h4: 'H4', h5: 'H5', h6: 'H6', p: 'P' } as const;

/** `text`: a wrapped paragraph in a style of the theme, with explicit overrides and role. Empty text draws nothing. */
export function compileTextBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues, theme } = context;
  const text = readText(node, 'text', path, issues);
  const styleName = readChoice(node, 'style', TEXT_STYLES, 'body', path, issues);
  const themed = theme.styles[styleName];
  const color = readColor(node.color, [...path, 'color'], issues);
  const style = restyle(themed, {
    size: node.size === undefined ? undefined : readNumber(node, 'size', path, issues, themed.size, 1, 96),
    bold: node.bold === undefined ? undefined : readBoolean(node, 'bold', path, issues),
    italic: node.italic === undefined ? undefined : readBoolean(node, 'italic', path, issues),
    color: typeof color === 'string' ? color : undefined,
  });
  // Left out: the start of each line (right for right-to-left text).
  const align = node.align === undefined ? undefined : readChoice(node, 'align', ALIGNMENTS, 'left', path, issues);
  const label = styleName === 'label';
  // Tagged PDF: the block's own role, else a title an H1, a heading an H2 (levels made to start at H1 and never skip when written, tagging/tagger.ts).
  const role = node.role === undefined ? (styleName === 'title' ? 'H1' : styleName === 'heading' ? 'H2' : 'P') : ROLES[readChoice(node, 'role', TEXT_ROLES, 'p', path, issues)];
  const heading = role !== 'P';
  const space = SPACE_BEFORE.text[styleName];
  return {
    build(scope, emit) {
      const content = text(scope.evaluation);
      if (content.trim() === '') return;
      scope.spend(1);
      const drawn = typeof color === 'function' ? restyle(style, { color: scope.color(color, style.color) }) : style;
      emit({ block: new Paragraph(label ? content.toUpperCase() : content, drawn, { align, role }), space, keepWithNext: heading || label, spaceAfter: label ? SPACE_BEFORE.afterLabel : undefined });
    },
  };
}
