/**
 * Completion in a JSON editor from a JSON Schema (the definition editor's, which the page embeds
 * from the served schemas): property names that the object at the cursor may have, the values
 * of an `enum` or `const`, and in an array of blocks a new block, `{ "type": "..." }`, of each
 * type. A block's own properties follow its `type` through the schema's `if`/`then` branches,
 * read against the document as it is.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { SyntaxNode } from '@lezer/common';

export interface Schema {
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  if?: Schema;
  then?: Schema;
}

/** Reads what the partial word at the cursor may be; `"` opens a key or a string value. */
const WORD = /"?[^\s"{}[\]:,]*$/;

export function schemaCompletion(root: Schema): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(WORD);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const quoted = word.text.startsWith('"');
    const from = quoted ? word.from + 1 : word.from;
    const place = placeOf(context.state, context.pos, word.from);
    if (!place) return null;
    if (place.kind === 'item') {
      const options = blockTypesOf(root, context.state, place.array).map(
        ([type, info]): Completion => ({ label: String(type), displayLabel: `{ "type": ${JSON.stringify(type)} }`, type: 'class', info, apply: insertBlock(word.from, JSON.stringify(type)) }),
      );
      return options.length === 0 ? null : { from, options, validFor: /^[\w$-]*$/ };
    }
    const schemas = schemasOf(root, context.state, place.object);
    if (place.kind === 'key') {
      const taken = new Set(keysOf(context.state, place.object));
      const options = propertiesOf(schemas)
        .filter(([name]) => !taken.has(name))
        .map(([name, schema]): Completion => ({ label: name, type: 'property', info: schema.description, apply: insertKey(word.from) }));
      return { from, options, validFor: /^[\w$-]*$/ };
    }
    const options = valuesOf(root, schemas, place.key).map(
      ([value, info]): Completion => ({ label: String(value), type: 'enum', info, apply: insertValue(word.from, JSON.stringify(value)) }),
    );
    return { from, options, validFor: /^[\w$.%-]*$/ };
  };
}

type Place = { kind: 'key'; object: SyntaxNode } | { kind: 'value'; object: SyntaxNode; key: string } | { kind: 'item'; array: SyntaxNode };

/** Whether the cursor writes a key or a value, and of which object, or a new item of an array. */
function placeOf(state: EditorState, pos: number, wordFrom: number): Place | null {
  for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(pos, -1); node; node = node.parent) {
    if (node.name === 'PropertyName' && node.parent?.parent?.name === 'Object') {
      return { kind: 'key', object: node.parent.parent };
    }
    if (node.name === 'Property' && node.parent?.name === 'Object') {
      const colon = node.getChild(':');
      const name = node.getChild('PropertyName');
      if (colon && name && colon.to <= wordFrom) return { kind: 'value', object: node.parent, key: nameOf(state, name) };
      return { kind: 'key', object: node.parent };
    }
    if (node.name === 'Array' || node.name === 'Object') {
      // Between properties or items: after `{`, `[` or `,`.
      const before = state.doc.sliceString(node.from, wordFrom).trimEnd();
      if (!before.endsWith(node.name === 'Array' ? '[' : '{') && !before.endsWith(',')) return null;
      return node.name === 'Array' ? { kind: 'item', array: node } : { kind: 'key', object: node };
    }
  }
  return null;
}

/** The schemas the value `node` must satisfy, following the document from its root. */
function schemasOf(root: Schema, state: EditorState, node: SyntaxNode): Schema[] {
  const parent = node.parent;
  let schemas: Schema[];
  if (!parent || parent.name === 'JsonText') schemas = [root];
  else if (parent.name === 'Property' && parent.parent) {
    const key = nameOf(state, parent.getChild('PropertyName'));
    schemas = propertiesOf(schemasOf(root, state, parent.parent)).filter(([name]) => name === key).map(([, schema]) => schema);
  } else if (parent.name === 'Array') {
    schemas = schemasOf(root, state, parent).flatMap((schema) => (schema.items ? [schema.items] : []));
  } else schemas = [];
  return schemas.flatMap((schema) => expand(root, schema, (condition) => holds(state, node, condition)));
}

/** The block types an item of `array` may have: the values its items' `type` allows, each with its branch's description. */
function blockTypesOf(root: Schema, state: EditorState, array: SyntaxNode): Array<[unknown, string | undefined]> {
  const items = schemasOf(root, state, array).flatMap((schema) => (schema.items ? expand(root, schema.items, () => false) : []));
  return valuesOf(root, items, 'type');
}

/** A schema with its references followed and the branches that apply to the value taken in. */
function expand(root: Schema, schema: Schema, applies: (condition: Schema) => boolean, depth = 0): Schema[] {
  if (depth > 20) return [];
  const target = schema.$ref ? resolve(root, schema.$ref) : schema;
  if (!target) return [];
  const branches = [
    ...(target.allOf ?? []).flatMap((branch) => (branch.if ? (applies(branch.if) && branch.then ? [branch.then] : []) : [branch])),
    ...(target.anyOf ?? []),
    ...(target.oneOf ?? []),
  ];
  return [target, ...branches.flatMap((branch) => expand(root, branch, applies, depth + 1))];
}

function resolve(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let found: unknown = root;
  for (const step of ref.slice(2).split('/')) found = (found as Record<string, unknown> | undefined)?.[step];
  return found as Schema | undefined;
}

/** An `if` of the language (`{ properties: { type: { const } } }`) against the object in the document. */
function holds(state: EditorState, object: SyntaxNode, condition: Schema): boolean {
  if (object.name !== 'Object') return false;
  return Object.entries(condition.properties ?? {}).every(([key, expected]) => {
    const value = propertyValue(state, object, key);
    return expected.const === undefined ? value !== undefined : value === expected.const;
  });
}

function propertiesOf(schemas: Schema[]): Array<[string, Schema]> {
  const found = new Map<string, Schema>();
  for (const schema of schemas) for (const [name, property] of Object.entries(schema.properties ?? {})) if (!found.has(name)) found.set(name, property);
  return [...found];
}

/** The values an enum or const allows for `key`; a value that chooses a branch has that branch's description. */
function valuesOf(root: Schema, schemas: Schema[], key: string): Array<[unknown, string | undefined]> {
  const values = new Map<unknown, string | undefined>();
  const property = schemas.flatMap((schema) => (schema.properties?.[key] ? expand(root, schema.properties[key], () => false) : []));
  for (const schema of property) for (const value of schema.enum ?? (schema.const === undefined ? [] : [schema.const])) if (!values.has(value)) values.set(value, undefined);
  for (const schema of schemas) {
    for (const branch of schema.allOf ?? []) {
      const value = branch.if?.properties?.[key]?.const;
      if (values.has(value) && branch.then) values.set(value, expand(root, branch.then, () => false)[0]?.description);
    }
  }
  return [...values];
}

function keysOf(state: EditorState, object: SyntaxNode): string[] {
  return object.getChildren('Property').map((property) => nameOf(state, property.getChild('PropertyName')));
}

function propertyValue(state: EditorState, object: SyntaxNode, key: string): unknown {
  const property = object.getChildren('Property').find((p) => nameOf(state, p.getChild('PropertyName')) === key);
  const value = property?.lastChild;
  if (!value || value.name === 'PropertyName' || value.name === ':') return undefined;
  try {
    return JSON.parse(state.doc.sliceString(value.from, value.to)) as unknown;
  } catch {
    return undefined;
  }
}

function nameOf(state: EditorState, node: SyntaxNode | null): string {
  if (!node) return '';
  const raw = state.doc.sliceString(node.from, node.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

/**
 * Replaces the partial key, its quotes included (closeBrackets may have added the closing one),
 * with `"key": `; without the colon when one follows on the line (a key being renamed).
 */
function insertKey(wordFrom: number) {
  return (view: EditorView, completion: Completion, _from: number, to: number): void => {
    const end = view.state.doc.sliceString(to, to + 1) === '"' ? to + 1 : to;
    const colonFollows = /^[ \t]*:/.test(view.state.doc.sliceString(end, view.state.doc.lineAt(end).to));
    const text = JSON.stringify(completion.label) + (colonFollows ? '' : ': ');
    view.dispatch({ changes: { from: wordFrom, to: end, insert: text }, selection: { anchor: wordFrom + text.length } });
  };
}

/** Replaces the partial word with a block of that type, the cursor after the type: where its next property goes. */
function insertBlock(wordFrom: number, type: string) {
  return (view: EditorView, _completion: Completion, _from: number, to: number): void => {
    const end = view.state.doc.sliceString(to, to + 1) === '"' ? to + 1 : to;
    const head = `{ "type": ${type}`;
    view.dispatch({ changes: { from: wordFrom, to: end, insert: `${head} }` }, selection: { anchor: wordFrom + head.length } });
  };
}

function insertValue(wordFrom: number, text: string) {
  return (view: EditorView, _completion: Completion, _from: number, to: number): void => {
    const end = view.state.doc.sliceString(to, to + 1) === '"' ? to + 1 : to;
    view.dispatch({ changes: { from: wordFrom, to: end, insert: text }, selection: { anchor: wordFrom + text.length } });
  };
}
