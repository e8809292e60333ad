import Ajv from 'ajv';
import fc from 'fast-check';
import { anyLayout } from '../../test/fuzz/template-language-definitions';
import { BLOCK_TYPES, TEMPLATE_LANGUAGE_SCHEMA } from '../engine';
import { EXAMPLE_TEMPLATE_BODY } from './custom/definition/example-definition';
import { asDiscriminatedUnion } from './discriminated-union';
import { TEMPLATE_LANGUAGE_COMPONENT, templateOpenApiSchemas } from './templates.openapi';

// strict off: the published components carry OpenAPI's `discriminator` and `example`, which are annotations to a validator.
const ajv = new Ajv({ allErrors: true, strict: false });
const served = ajv.compile(TEMPLATE_LANGUAGE_SCHEMA);
ajv.addSchema({ components: { schemas: templateOpenApiSchemas() } }, 'https://pdfgen.test/openapi.json');
const published = ajv.getSchema(`https://pdfgen.test/openapi.json#/components/schemas/${TEMPLATE_LANGUAGE_COMPONENT}`)!;

describe('the published template language', () => {
  it('accepts exactly the layouts the served schema accepts, blocks being a oneOf by type', () => {
    const block = (type: string, properties: object = {}) => ({ body: [{ type, ...properties }] });
    const layouts = [
      EXAMPLE_TEMPLATE_BODY.layout,
      block('text', { text: 'x' }),
      block('text'),
      block('text', { text: 'x', rows: 'items' }),
      block('heading', { text: 'x' }),
      block('pageBreak'),
      { body: [7] },
      { body: [{ text: 'x' }] },
      { body: [{ type: 'columns', columns: [{ blocks: [{ type: 'table', rows: 'items' }] }] }] },
    ];
    for (const layout of layouts) expect([layout, published(layout)]).toEqual([layout, served(layout)]);
    fc.assert(
      fc.property(anyLayout, (layout) => published(layout) === served(layout)),
      { numRuns: 300 },
    );
  });

  it('publishes a block as the union of the block types, told apart by `type`', () => {
    const union = templateOpenApiSchemas()['TemplateLanguage-block'] as { oneOf: unknown[]; discriminator: { propertyName: string; mapping: Record<string, string> } };
    expect(union.discriminator.propertyName).toBe('type');
    expect(Object.keys(union.discriminator.mapping)).toEqual([...BLOCK_TYPES]);
    expect(union.oneOf).toEqual(Object.values(union.discriminator.mapping).map(($ref) => ({ $ref })));
  });
});

describe('asDiscriminatedUnion', () => {
  const branch = (value: string) => ({ if: { properties: { kind: { const: value } }, required: ['kind'] }, then: { $ref: `#/${value}` } });

  it('turns if/then branches on one property into a oneOf with a discriminator, keeping the annotations', () => {
    const schema = { type: 'object', description: 'A shape', properties: { kind: { enum: ['a', 'b'] } }, required: ['kind'], allOf: [branch('a'), branch('b')] };
    expect(asDiscriminatedUnion(schema)).toEqual({
      description: 'A shape',
      oneOf: [{ $ref: '#/a' }, { $ref: '#/b' }],
      discriminator: { propertyName: 'kind', mapping: { a: '#/a', b: '#/b' } },
    });
  });

  it('leaves any other schema as it is', () => {
    const other = { if: { properties: { other: { const: 'c' } }, required: ['other'] }, then: { $ref: '#/c' } };
    const unions = [
      { type: 'object' },
      { allOf: [] },
      { allOf: [branch('a'), { required: ['kind'] }] },
      { allOf: [branch('a'), other] },
      { allOf: [{ ...branch('a'), else: { $ref: '#/b' } }] },
      { allOf: [{ if: { properties: { kind: { const: 'a' } } }, then: { $ref: '#/a' } }] },
    ];
    for (const schema of unions) expect(asDiscriminatedUnion(schema)).toBe(schema);
  });
});
