import Ajv from 'ajv';
import { compileLayout } from './compile-layout';
import { BLOCK_TYPES, TEMPLATE_LANGUAGE_SCHEMA } from './language-schema';

describe('TEMPLATE_LANGUAGE_SCHEMA', () => {
  const warnings: unknown[] = [];
  const ajv = new Ajv({ strict: true, strictTypes: true, strictTuples: true, allErrors: true, logger: { log: () => undefined, warn: (...args: unknown[]) => warnings.push(args), error: () => undefined } });
  const validate = ajv.compile(TEMPLATE_LANGUAGE_SCHEMA);
  const errors = (layout: unknown) => (validate(layout) ? [] : validate.errors!.filter((error) => error.keyword !== 'if').map((error) => `${error.instancePath} ${error.message}`));

  it('compiles with ajv in strict mode without a warning', () => {
    expect(warnings).toEqual([]);
  });

  it('accepts a layout using every block type', () => {
    const layout = {
      theme: { accent: '#0f766e', fontFamily: 'serif', fontSize: 10 },
      header: [{ type: 'text', text: 'Page {{ page.number }} of {{ page.total }}', style: 'muted', align: 'right' }],
      body: [
        { type: 'text', text: 'Hello {{ name }}', style: 'title' },
        { type: 'columns', gap: 12, columns: [{ width: '60%', blocks: [{ type: 'divider', color: '#ccc' }] }, { width: '1fr', blocks: [] }, { width: 120, blocks: [] }] },
        { type: 'table', rows: 'items', as: 'item', columns: [{ header: 'A', cell: '{{ item.a }}', width: '2fr', align: 'right', badge: true }], totals: [{ label: 'Total', value: '{{ total }}', bold: true }] },
        { type: 'each', items: 'items', as: 'item', blocks: [{ type: 'if', condition: 'item.a > 1', blocks: [{ type: 'spacer', height: 4 }], else: [{ type: 'pageBreak' }] }] },
        { type: 'keyValue', items: [{ key: 'Number', value: '{{ number }}' }] },
        { type: 'image', src: '{{ logo }}', width: 80, align: 'center' },
        { type: 'qr', value: '{{ url }}', size: 72 },
        { type: 'box', padding: 8, border: { color: '#e5e7eb', width: 1 }, background: '#f9fafb', radius: 6, blocks: [] },
        { type: 'list', items: 'notes', text: '{{ item }}', ordered: true },
        { type: 'grid', items: 'cards', columns: 3, gap: 8, blocks: [{ type: 'badge', text: '{{ item.status }}' }] },
        { type: 'progress', value: '{{ done }}', label: 'Done', color: '{{ colour }}' },
        { type: 'calendar', month: '{{ month }}', events: 'events', weekStart: 'sunday' },
      ],
    };
    expect(errors(layout)).toEqual([]);
    const used = new Set(JSON.stringify(layout).match(/"type":"(\w+)"/g)!.map((match) => match.slice(8, -1)));
    expect([...used].sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it('names an unknown block type with the allowed values', () => {
    validate({ body: [{ type: 'paragraph', text: 'x' }] });
    expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath: '/body/0/type', keyword: 'enum', params: { allowedValues: [...BLOCK_TYPES] } }));
  });

  it('catches a misspelt property of a block, however deep', () => {
    expect(errors({ body: [{ type: 'box', blocks: [{ type: 'text', txt: 'x' }] }] })).toEqual(
      expect.arrayContaining(["/body/0/blocks/0 must have required property 'text'", '/body/0/blocks/0 must NOT have additional properties']),
    );
  });

  it('checks widths, colours and the theme', () => {
    expect(errors({ body: [{ type: 'columns', columns: [{ width: 'wide', blocks: [] }] }] })).toContain('/body/0/columns/0/width must match exactly one schema in oneOf');
    expect(errors({ body: [{ type: 'divider', color: 'red' }] }).length).toBeGreaterThan(0);
    expect(errors({ body: [], theme: { fontFamily: 'comic' } })).toContain('/theme/fontFamily must be equal to one of the allowed values');
    expect(errors({ theme: {} })).toContain(" must have required property 'body'");
  });

  it('accepts exactly the column widths compileLayout accepts: percentages over 0 and up to 100, shares over 0', () => {
    const accepted = ['100%', '100.0%', '40%', '7.5%', '0.5%', '1fr', '2.5fr', '0.25fr', 120];
    const refused = ['150%', '100.5%', '101%', '0%', '0.0%', '0fr', '40 %', 'wide', 0];
    const columns = (width: unknown) => ({ body: [{ type: 'columns', columns: [{ width, blocks: [] }] }] });
    const compiles = (width: unknown) => {
      try {
        compileLayout(columns(width));
        return true;
      } catch {
        return false;
      }
    };
    expect(accepted.filter((width) => errors(columns(width)).length > 0 || !compiles(width))).toEqual([]);
    expect(refused.filter((width) => errors(columns(width)).length === 0 || compiles(width))).toEqual([]);
  });

  it('takes weekStart as monday, sunday or a Liquid template giving one', () => {
    const calendar = (weekStart: string) => ({ body: [{ type: 'calendar', month: '2025-05', events: 'events', weekStart }] });
    expect(errors(calendar('{{ weekStart }}'))).toEqual([]);
    expect(errors(calendar('{% if us %}sunday{% endif %}'))).toEqual([]);
    expect(errors(calendar('friday'))).toEqual(['/body/0/weekStart must match pattern "^(monday|sunday)$|\\{[{%]"']);
  });

  it('keeps every reference inside the schema, and describes every block type', () => {
    const refs = JSON.stringify(TEMPLATE_LANGUAGE_SCHEMA).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.every((ref) => ref.startsWith('"$ref":"#/definitions/'))).toBe(true);
    for (const type of BLOCK_TYPES) expect(TEMPLATE_LANGUAGE_SCHEMA.definitions?.[`${type}Block`]?.description).toEqual(expect.any(String));
  });
});
