import { BLOCK_COMPILERS } from './blocks/block-compilers';
import { CompiledBlock } from './blocks/compiled-block';
import { CompileContext, isNode, LayoutNode } from './blocks/compile-context';
import { customTheme, CustomTheme } from './custom-theme';
import { BLOCK_TYPES, BlockType, FONT_FAMILIES, MAX_BLOCKS_PER_LIST } from './language-schema';
import { InvalidLayout } from './layout-issue';
import { IssueList, LayoutPath } from './layout-path';
import { parseHexColor } from '../toolkit/color';

/** Deepest nesting of blocks (a block inside a box inside an each... counts one level each). */
export const MAX_DEPTH = 20;
/** Most blocks in one layout, every level together. */
export const MAX_LAYOUT_BLOCKS = 2000;

/** A layout checked and prepared once: its Liquid parsed, its constants resolved. Rendering does no parsing. */
export interface CompiledLayout {
  readonly theme: CustomTheme;
  readonly header: readonly CompiledBlock[];
  readonly footer: readonly CompiledBlock[];
  readonly body: readonly CompiledBlock[];
}

/**
 * Checks what the language's JSON Schema cannot (Liquid syntax with its position, unknown
 * filters, expressions that must name a value, literal images, nesting depth, size) and
 * prepares the layout once. Pure, synchronous, and throws nothing but InvalidLayout (with every
 * problem found), whatever `layout` is.
 */
export function compileLayout(layout: unknown): CompiledLayout {
  const issues = new IssueList();
  let compiled: CompiledLayout;
  try {
    compiled = compile(layout, issues);
  } catch {
    // A fault of ours on input nobody foresaw: still a refusal of the layout, never a crash.
    throw new InvalidLayout([...issues.issues, { path: [], message: 'could not be compiled' }]);
  }
  if (issues.issues.length > 0) throw new InvalidLayout(issues.issues);
  return compiled;
}

function compile(layout: unknown, issues: IssueList): CompiledLayout {
  if (!isNode(layout)) {
    issues.add([], 'must be object');
    return { theme: customTheme(undefined), header: [], footer: [], body: [] };
  }
  const theme = customTheme(readTheme(layout.theme, issues));
  let blockCount = 0;
  const blocks = (value: unknown, path: LayoutPath, depth: number): CompiledBlock[] => {
    if (!Array.isArray(value)) {
      issues.add(path, 'must be array');
      return [];
    }
    if (depth > MAX_DEPTH) {
      issues.add(path, `nests blocks deeper than ${MAX_DEPTH} levels`);
      return [];
    }
    if (value.length > MAX_BLOCKS_PER_LIST) {
      issues.add(path, `must have at most ${MAX_BLOCKS_PER_LIST} items`);
      return [];
    }
    const context: CompileContext = { issues, theme, blocks: (inner, innerPath) => blocks(inner, innerPath, depth + 1) };
    const compiled: CompiledBlock[] = [];
    for (let index = 0; index < value.length; index++) {
      const at = [...path, index];
      if (++blockCount > MAX_LAYOUT_BLOCKS) {
        issues.add(at, `is one block too many: a layout holds at most ${MAX_LAYOUT_BLOCKS} blocks`);
        return compiled;
      }
      const block = compileBlock(value[index], at, context);
      if (block) compiled.push(block);
    }
    return compiled;
  };
  if (layout.body === undefined) issues.add(['body'], 'is required');
  return {
    theme,
    header: layout.header === undefined ? [] : blocks(layout.header, ['header'], 1),
    footer: layout.footer === undefined ? [] : blocks(layout.footer, ['footer'], 1),
    body: layout.body === undefined ? [] : blocks(layout.body, ['body'], 1),
  };
}

function compileBlock(node: unknown, path: LayoutPath, context: CompileContext): CompiledBlock | null {
  if (!isNode(node)) {
    context.issues.add(path, 'must be object');
    return null;
  }
  const type = node.type;
  if (typeof type !== 'string' || !(BLOCK_TYPES as readonly string[]).includes(type)) {
    context.issues.add([...path, 'type'], type === undefined ? 'is required' : `must be one of: ${BLOCK_TYPES.join(', ')}`);
    return null;
  }
  return BLOCK_COMPILERS[type as BlockType](node, path, context);
}

/** The theme's entries that are valid; each invalid one is an issue. */
function readTheme(theme: unknown, issues: IssueList): LayoutNode | undefined {
  if (theme === undefined) return undefined;
  if (!isNode(theme)) {
    issues.add(['theme'], 'must be object');
    return undefined;
  }
  for (const key of ['accent', 'text', 'muted']) {
    if (theme[key] !== undefined && !parseHexColor(theme[key])) issues.add(['theme', key], 'must be a hex colour such as "#1e3a8a"');
  }
  const { fontSize, fontFamily } = theme;
  if (fontSize !== undefined && !(typeof fontSize === 'number' && fontSize >= 6 && fontSize <= 16)) issues.add(['theme', 'fontSize'], 'must be a number from 6 to 16');
  if (fontFamily !== undefined && !(FONT_FAMILIES as readonly unknown[]).includes(fontFamily)) issues.add(['theme', 'fontFamily'], `must be one of: ${FONT_FAMILIES.join(', ')}`);
  return theme;
}
