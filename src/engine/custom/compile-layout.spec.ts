import fc from 'fast-check';
import { compileLayout, MAX_DEPTH, MAX_LAYOUT_BLOCKS } from './compile-layout';
import { InvalidLayout, LayoutIssue } from './layout-issue';

/** The issues compileLayout reports for a layout (fails when it compiles). */
function issuesOf(layout: unknown): LayoutIssue[] {
  try {
    compileLayout(layout);
  } catch (error) {
    if (error instanceof InvalidLayout) return error.issues;
    throw error;
  }
  throw new Error('the layout compiled');
}

const text = (value: string) => ({ body: [{ type: 'text', text: value }] });

describe('compileLayout', () => {
  it('reports a Liquid syntax error with its position in the property, and the path to it', () => {
    expect(issuesOf({ body: [{ type: 'spacer', height: 4 }, { type: 'box', blocks: [{ type: 'text', text: 'Hello\n{{ name ' }] }] })).toEqual([
      { path: ['body', 1, 'blocks', 0, 'text'], message: 'has a Liquid syntax error at line 2, column 1: output "{{ name " not closed' },
    ]);
    expect(issuesOf(text('{% if x %}open'))[0]).toEqual({ path: ['body', 0, 'text'], message: expect.stringMatching(/^has a Liquid syntax error at line 1, column 1: tag \{% if x %\} not closed/) });
  });

  it('refuses an empty filter at its place, which liquidjs would read as no filter', () => {
    const message = (line: number, column: number) => `has an empty filter at line ${line}, column ${column}: write a filter's name after "|", or remove the "|"`;
    expect(issuesOf(text('Dear {{ name | }}'))).toEqual([{ path: ['body', 0, 'text'], message: message(1, 14) }]);
    expect(issuesOf(text('Total\n{{- total |\n -}}'))).toEqual([{ path: ['body', 0, 'text'], message: message(2, 11) }]);
    // A "|" inside quoted text is no filter.
    expect(() => compileLayout(text('{{ "a | " | append: name }}'))).not.toThrow();
  });

  it('names a column width it refuses', () => {
    expect(issuesOf({ body: [{ type: 'columns', columns: [{ width: '150%', blocks: [] }] }] })).toEqual([
      { path: ['body', 0, 'columns', 0, 'width'], message: 'must be points up to 2000 (120), a percentage up to 100% ("40%") or a share ("1fr"), not "150%"' },
    ]);
  });

  it('reports unknown filters and literal money arguments Intl refuses', () => {
    expect(issuesOf(text('{{ total | monee: "EUR" }}'))).toEqual([{ path: ['body', 0, 'text'], message: 'uses the unknown filter "monee" at line 1, column 1' }]);
    expect(issuesOf(text('{{ total | money: "EURO" }}'))).toEqual([{ path: ['body', 0, 'text'], message: 'uses the money filter with "EURO" is not a currency code' }]);
  });

  it('requires rows and items to name a value of the data, and conditions to be expressions', () => {
    const layout = {
      body: [
        { type: 'table', rows: '{{ items }}', columns: [{ header: 'A', cell: '{{ row.a }}' }] },
        { type: 'each', items: 'items | sort', blocks: [] },
        { type: 'list', items: 'order.lines[0]["sub items"]', text: '{{ item }}' },
        { type: 'if', condition: '{{ paid }}', blocks: [] },
      ],
    };
    expect(issuesOf(layout)).toEqual([
      { path: ['body', 0, 'rows'], message: 'must name a value of the data, such as "items" or "order.lines" (found "{{ items }}")' },
      { path: ['body', 1, 'items'], message: 'must name a value of the data, such as "items" or "order.lines" (found "items | sort")' },
      { path: ['body', 3, 'condition'], message: 'must be an expression without {{ }} or {% %}' },
    ]);
  });

  it('refuses literal images that are not a PNG or JPEG data URI, before anything is drawn', () => {
    const issues = issuesOf({
      body: [
        { type: 'image', src: 'https://example.com/logo.png' },
        { type: 'image', src: 'data:image/png;base64,iVBORw0KGgo=' },
        { type: 'image', src: 'data:image/svg+xml;base64,PHN2Zz4=' },
      ],
    });
    expect(issues).toEqual([
      { path: ['body', 0, 'src'], message: 'must be a data:image/png or data:image/jpeg URI' },
      { path: ['body', 1, 'src'], message: expect.stringMatching(/^holds an image that cannot be drawn: /) },
      { path: ['body', 2, 'src'], message: 'must be a data:image/png or data:image/jpeg URI' },
    ]);
  });

  it('bounds nesting depth and the number of blocks', () => {
    let deep: unknown = [{ type: 'spacer', height: 1 }];
    for (let level = 0; level < MAX_DEPTH + 5; level++) deep = [{ type: 'box', blocks: deep }];
    const [issue] = issuesOf({ body: deep });
    expect(issue.message).toBe(`nests blocks deeper than ${MAX_DEPTH} levels`);
    expect(issue.path.filter((part) => part === 'blocks')).toHaveLength(MAX_DEPTH);

    const many = Array.from({ length: 5 }, () => ({ type: 'box', blocks: Array.from({ length: 450 }, () => ({ type: 'divider' })) }));
    expect(issuesOf({ body: many })).toEqual([{ path: ['body', 4, 'blocks', MAX_LAYOUT_BLOCKS - 4 * 451 - 1], message: `is one block too many: a layout holds at most ${MAX_LAYOUT_BLOCKS} blocks` }]);
  });

  it('lists every problem, each with its path relative to the layout', () => {
    expect(issuesOf({ theme: { accent: 'blue', fontFamily: 'comic' }, body: [{ type: 'txt' }, { text: 'x' }, 'text', { type: 'qr', value: 'x'.repeat(3000) }] })).toEqual([
      { path: ['theme', 'accent'], message: 'must be a hex colour such as "#1e3a8a"' },
      { path: ['theme', 'fontFamily'], message: 'must be one of: sans, serif, mono' },
      { path: ['body', 0, 'type'], message: expect.stringMatching(/^must be one of: text, columns, table, /) },
      { path: ['body', 1, 'type'], message: 'is required' },
      { path: ['body', 2], message: 'must be object' },
      { path: ['body', 3, 'value'], message: 'is too long for a QR code (at most 2331 bytes)' },
    ]);
  });

  it('throws nothing but InvalidLayout, whatever it is given', () => {
    for (const odd of [null, 42, 'layout', [], { body: null }, { body: [null, 1, []] }, { body: [{ type: 'columns', columns: 'x' }] }, { body: [{ type: 'table', rows: 1, columns: [{}] }] }, { header: {}, body: [] }]) {
      expect(() => compileLayout(odd)).toThrow(InvalidLayout);
    }
    const small = fc.anything({ maxDepth: 2, maxKeys: 3 });
    const fields = {
      type: fc.constantFrom('text', 'columns', 'table', 'each', 'if', 'keyValue', 'image', 'qr', 'box', 'divider', 'spacer', 'pageBreak', 'list', 'grid', 'progress', 'badge', 'calendar', 'nope'),
      text: fc.oneof(fc.string(), fc.constantFrom('{{ a', '{{ a | nope }}', '{% for %}', '{{ a | money: "EUR" }}')),
      rows: fc.oneof(fc.string(), fc.integer()),
      items: small,
      src: fc.string(),
      width: small,
      color: small,
      columns: small,
    };
    const leaf = fc.record(fields, { requiredKeys: ['type'] });
    const container = fc.record({ ...fields, blocks: fc.array(leaf, { maxLength: 3 }), columns: fc.array(fc.record({ width: small, blocks: fc.array(leaf, { maxLength: 2 }) }), { maxLength: 3 }) }, { requiredKeys: ['type'] });
    fc.assert(
      fc.property(fc.array(fc.oneof(leaf, container), { maxLength: 4 }), small, (body, theme) => {
        try {
          compileLayout({ body, theme });
        } catch (error) {
          if (!(error instanceof InvalidLayout)) throw error;
        }
      }),
      { numRuns: 300 },
    );
  });
});
