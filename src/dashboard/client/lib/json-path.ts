/**
 * From an API message's path (`layout.body[3].type must be one of: ...`) to the place in a JSON
 * document where that path lives, using the editor's syntax tree (@lezer/json), so the cursor can
 * go there. Paths are written as the API writes them (src/templates/validation/data-path.ts).
 */
import { ensureSyntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';

export type PathSegment = string | number;

const PATH = String.raw`([A-Za-z_$][\w$-]*)((?:\.[^\s.[\]'"]+|\[\d+\])*)`;
/** `layout.body[3].type must be ...`, `Field 'sampleData.name' must be string`, `Missing required field: sampleData.name`. */
const PATH_IN_MESSAGE = [new RegExp(`^Field '${PATH}'`), new RegExp(`field: ${PATH}(?=\\s|$|,)`), new RegExp(`^${PATH}(?=\\s|$)`)];

/** The path a message names, if it names one: `a.b[2].c must be ...` -> ['a', 'b', 2, 'c']. */
export function pathInMessage(message: string): PathSegment[] | null {
  for (const pattern of PATH_IN_MESSAGE) {
    const match = pattern.exec(message);
    if (!match) continue;
    const segments: PathSegment[] = [match[1]];
    for (const step of match[2].matchAll(/\.([^\s.[\]'"]+)|\[(\d+)\]/g)) segments.push(step[1] !== undefined ? step[1] : Number(step[2]));
    return segments;
  }
  return null;
}

export interface Span {
  from: number;
  to: number;
  /** Whether the whole path was found (else the span is the deepest part that exists). */
  exact: boolean;
}

const PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':']);

/** Where `segments` lead in the document: the value at that path, or its deepest existing ancestor. */
export function locatePath(state: EditorState, segments: readonly PathSegment[]): Span | null {
  const tree = ensureSyntaxTree(state, state.doc.length, 500);
  if (!tree) return null;
  let node: SyntaxNode | null = valuesOf(tree.topNode)[0] ?? null;
  if (!node) return null;
  let name: SyntaxNode | null = null;
  for (const segment of segments) {
    const next = step(state, node, segment);
    if (!next) return spanOf(name ?? node, false);
    ({ value: node, name } = next);
  }
  return spanOf(node, true);
}

function step(state: EditorState, node: SyntaxNode, segment: PathSegment): { value: SyntaxNode; name: SyntaxNode | null } | null {
  if (typeof segment === 'number' && node.name === 'Array') {
    const value = valuesOf(node)[segment];
    return value ? { value, name: null } : null;
  }
  if (typeof segment === 'string' && node.name === 'Object') {
    for (const property of node.getChildren('Property')) {
      const key = property.getChild('PropertyName');
      if (!key || propertyName(state.doc.sliceString(key.from, key.to)) !== segment) continue;
      const value = valuesOf(property).find((child) => child.name !== 'PropertyName');
      return { value: value ?? key, name: key };
    }
  }
  return null;
}

function valuesOf(node: SyntaxNode): SyntaxNode[] {
  const values: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (!PUNCTUATION.has(child.name) && !child.type.isError) values.push(child);
  }
  return values;
}

function propertyName(raw: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

/** A long object or array is marked by its first line only. */
function spanOf(node: SyntaxNode, exact: boolean): Span {
  return { from: node.from, to: node.name === 'Object' || node.name === 'Array' ? node.from + 1 : node.to, exact };
}

/** The first syntax error of the document, if the tree has one. */
export function firstSyntaxError(state: EditorState): number | null {
  const tree = ensureSyntaxTree(state, state.doc.length, 500);
  let found: number | null = null;
  tree?.iterate({
    enter: (node) => {
      if (found !== null) return false;
      if (node.type.isError) found = node.from;
      return undefined;
    },
  });
  return found;
}

/** Line and column (1-based) of a position, for messages. */
export function lineAndColumn(state: EditorState, pos: number): { line: number; column: number } {
  const line = state.doc.lineAt(Math.min(pos, state.doc.length));
  return { line: line.number, column: pos - line.from + 1 };
}
