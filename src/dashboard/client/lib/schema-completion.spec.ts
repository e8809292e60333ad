import { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState, TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { DEFINITION_EDITOR_SCHEMA } from '../../templates/definition-editor-schema';
import { Schema, schemaCompletion } from './schema-completion';

const complete = schemaCompletion(DEFINITION_EDITOR_SCHEMA as Schema);

/** The editor's document with the cursor at `|`, parsed as the editor parses it. */
function stateAt(text: string): EditorState {
  const state = EditorState.create({ doc: text.replace('|', ''), selection: { anchor: text.indexOf('|') }, extensions: [json()] });
  ensureSyntaxTree(state, state.doc.length);
  // The parse is kept by the next state (the editor's view parses in the background instead).
  return state.update({}).state;
}

function completionsAt(text: string, explicit = true): CompletionResult | null {
  const state = stateAt(text);
  return complete(new CompletionContext(state, state.selection.main.head, explicit)) as CompletionResult | null;
}

/** The document after choosing `label`, with `|` where the cursor ends. */
function chosen(text: string, label: string, explicit = true): string {
  const result = completionsAt(text, explicit)!;
  const option = result.options.find((o) => o.label === label)!;
  let state = stateAt(text);
  const view = { get state() { return state; }, dispatch: (spec: TransactionSpec) => void (state = state.update(spec).state) } as unknown as EditorView;
  (option.apply as (view: EditorView, completion: Completion, from: number, to: number) => void)(view, option, result.from, state.selection.main.head);
  const doc = state.doc.toString();
  const head = state.selection.main.head;
  return doc.slice(0, head) + '|' + doc.slice(head);
}

const BLOCK_TYPES = ['text', 'columns', 'table', 'each', 'if', 'keyValue', 'image', 'qr', 'box', 'divider', 'spacer', 'pageBreak', 'list', 'grid', 'progress', 'badge', 'calendar'];

describe('schemaCompletion in an array of blocks', () => {
  it('offers a block of each type right after the opening bracket, each shown as the object it inserts and described', () => {
    const result = completionsAt('{ "layout": { "body": [|] } }')!;
    expect(result.options.map((o) => o.label)).toEqual(BLOCK_TYPES);
    expect(result.options[0]).toMatchObject({ displayLabel: '{ "type": "text" }', info: 'A paragraph of wrapped text.' });
  });

  it('offers them between items, after a comma, and in a nested block list', () => {
    expect(completionsAt('{ "layout": { "body": [{ "type": "divider" },\n  |] } }')!.options).toHaveLength(BLOCK_TYPES.length);
    expect(completionsAt('{ "layout": { "body": [{ "type": "box", "blocks": [ | ] }] } }')!.options).toHaveLength(BLOCK_TYPES.length);
  });

  it('inserts `{ "type": ... }` in place of what was typed, the cursor after the type', () => {
    expect(chosen('{ "layout": { "body": [|] } }', 'table')).toBe('{ "layout": { "body": [{ "type": "table"| }] } }');
    expect(chosen('{ "layout": { "body": [{ "type": "divider" }, ta|] } }', 'table', false)).toBe('{ "layout": { "body": [{ "type": "divider" }, { "type": "table"| }] } }');
    // A quote typed first, its closing one added by closeBrackets.
    expect(chosen('{ "layout": { "body": ["te|"] } }', 'text', false)).toBe('{ "layout": { "body": [{ "type": "text"| }] } }');
  });

  it('waits for a word or Ctrl+Space, as elsewhere: a bracket or comma typed opens nothing', () => {
    expect(completionsAt('{ "layout": { "body": [|] } }', false)).toBeNull();
    expect(completionsAt('{ "layout": { "body": [ta|] } }', false)!.options.map((o) => o.label)).toContain('table');
  });

  it('offers nothing where an item is not being started, or in an array that holds no blocks', () => {
    expect(completionsAt('{ "layout": { "body": [{ "type": "divider" } |] } }')).toBeNull();
    // A columns block's columns are objects without a type; a column's own blocks are blocks again.
    expect(completionsAt('{ "layout": { "body": [{ "type": "columns", "columns": [|] }] } }')).toBeNull();
    expect(completionsAt('{ "layout": { "body": [{ "type": "columns", "columns": [{ "blocks": [|] }] }] } }')!.options).toHaveLength(BLOCK_TYPES.length);
  });
});
