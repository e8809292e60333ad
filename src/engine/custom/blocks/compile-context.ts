import { parseHexColor } from '../../toolkit/color';
import { CustomTheme } from '../custom-theme';
import { MAX_BLOCKS_PER_LIST } from '../language-schema';
import { IssueList, LayoutPath } from '../layout-path';
import { compileText, TextFn } from '../liquid/compile-liquid';
import { CompiledBlock } from './compiled-block';

export type LayoutNode = Record<string, unknown>;

/** A colour property: fixed, or evaluated per document (a Liquid template giving a hex colour). */
export type ColorFn = TextFn | string;

/**
 * What compiling the blocks of one layout shares: the issues found, and readers of properties
 * that report a property of the wrong type instead of failing (the schema has normally
 * caught it; compileLayout must still never crash on odd input).
 */
export interface CompileContext {
  readonly issues: IssueList;
  readonly theme: CustomTheme;
  /** Compiles a list of child blocks one level deeper. */
  blocks(value: unknown, path: LayoutPath): CompiledBlock[];
}

export function isNode(value: unknown): value is LayoutNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readString(node: LayoutNode, key: string, path: LayoutPath, issues: IssueList, required: true): string;
export function readString(node: LayoutNode, key: string, path: LayoutPath, issues: IssueList, required?: false): string | undefined;
export function readString(node: LayoutNode, key: string, path: LayoutPath, issues: IssueList, required = false): string | undefined {
  const value = node[key];
  if (value === undefined && !required) return undefined;
  if (typeof value === 'string') return value;
  issues.add([...path, key], value === undefined ? 'is required' : 'must be string');
  return required ? '' : undefined;
}

/** A number within [min, max], or the fallback (after an issue when present but wrong). */
export function readNumber(node: LayoutNode, key: string, path: LayoutPath, issues: IssueList, fallback: number, min = 0, max = 2000): number {
  const value = node[key];
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) return value;
  issues.add([...path, key], `must be a number from ${min} to ${max}`);
  return fallback;
}

export function readBoolean(node: LayoutNode, key: string, path: LayoutPath, issues: IssueList): boolean {
  const value = node[key];
  if (value === undefined || typeof value === 'boolean') return value === true;
  issues.add([...path, key], 'must be boolean');
  return false;
}

export function readChoice<T extends string>(node: LayoutNode, key: string, choices: readonly T[], fallback: T, path: LayoutPath, issues: IssueList): T {
  const value = node[key];
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  issues.add([...path, key], `must be one of: ${choices.join(', ')}`);
  return fallback;
}

export function readText(node: LayoutNode, key: string, path: LayoutPath, issues: IssueList): TextFn {
  return compileText(readString(node, key, path, issues, true), [...path, key], issues);
}

export function readOptionalText(node: LayoutNode, key: string, path: LayoutPath, issues: IssueList): TextFn | undefined {
  const source = readString(node, key, path, issues);
  return source === undefined ? undefined : compileText(source, [...path, key], issues);
}

/** A colour: a hex literal is resolved now, a Liquid template per document. */
export function readColor(value: unknown, path: LayoutPath, issues: IssueList): ColorFn | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    issues.add(path, 'must be a hex colour such as "#1e3a8a"');
    return undefined;
  }
  const fixed = parseHexColor(value);
  if (fixed) return fixed;
  if (value.includes('{{') || value.includes('{%')) return compileText(value, path, issues);
  issues.add(path, 'must be a hex colour such as "#1e3a8a", or a Liquid template giving one');
  return undefined;
}

/** Name given to loop elements (`as`), checked like the schema does. */
export function readLoopName(node: LayoutNode, path: LayoutPath, issues: IssueList, fallback: string): string {
  const name = readString(node, 'as', path, issues) ?? fallback;
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return name;
  issues.add([...path, 'as'], 'must be a name of letters, digits and underscores');
  return fallback;
}

/** The objects of a list property with their paths; anything else is an issue. */
export function listOf(value: unknown, path: LayoutPath, issues: IssueList): Array<[LayoutNode, LayoutPath]> {
  if (!Array.isArray(value)) {
    issues.add(path, 'must be array');
    return [];
  }
  if (value.length > MAX_BLOCKS_PER_LIST) {
    issues.add(path, `must have at most ${MAX_BLOCKS_PER_LIST} items`);
    return [];
  }
  const nodes: Array<[LayoutNode, LayoutPath]> = [];
  value.forEach((item, index) => {
    if (isNode(item)) nodes.push([item, [...path, index]]);
    else issues.add([...path, index], 'must be object');
  });
  return nodes;
}
