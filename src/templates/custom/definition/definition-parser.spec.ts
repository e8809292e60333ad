import fc from 'fast-check';
import { ApiError } from '../../../common/errors/api-error';
import { DefinitionChecker } from '../checks/definition-checker';
import { parseDefinition, UpdateContext } from './definition-parser';

const checker = new DefinitionChecker();
afterAll(() => checker.onModuleDestroy());

const schema = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const layout = { body: [{ type: 'text', text: 'Hello {{ name }}' }] };
const valid = { name: 'Greeting', schema, layout };

async function errors(body: unknown, update?: UpdateContext): Promise<string[]> {
  try {
    await parseDefinition(body, checker, update);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('INVALID_TEMPLATE_DEFINITION');
    return (error as ApiError).extra.validationErrors as string[];
  }
  throw new Error('expected the definition to be refused');
}

describe('parseDefinition', () => {
  it('returns the fields with their defaults, null counting as absent, and stores only the definition given', async () => {
    expect(await parseDefinition({ ...valid, id: 'greeting', description: null, category: null, sampleData: null }, checker)).toEqual({
      id: 'greeting',
      version: undefined,
      fields: { name: 'Greeting', description: '', category: 'custom', definition: { schema, layout } },
    });
  });

  it('lists the problems of every field in the order of the body schema, whatever order the body has', async () => {
    const body = { sampleData: {}, defaultOptions: { format: 'A5' }, layout: { body: 'x' }, schema: { type: 'array' }, name: 7 };
    expect(await errors(body)).toEqual([
      'name must be string',
      'schema.type must be "object": data is a JSON object',
      'layout.body must be array',
      'defaultOptions.format must be one of: Letter, A4, Legal',
    ]);
  });

  it('checks sampleData only against a schema that compiled', async () => {
    expect(await errors({ ...valid, sampleData: { name: 5 } })).toEqual(["Field 'sampleData.name' must be string"]);
    expect(await errors({ ...valid, schema: { type: 'string' }, sampleData: { name: 5 } })).toEqual(['schema.type must be "object": data is a JSON object']);
  });

  it('names what a conditional rule asks of sampleData, not the condition itself', async () => {
    const company = { if: { properties: { kind: { const: 'company' } }, required: ['kind'] }, then: { required: ['vat'] }, else: { properties: { vat: { type: 'null' } } } };
    const conditional = { ...schema, properties: { ...schema.properties, kind: { type: 'string' } }, ...company };
    expect(await errors({ ...valid, schema: conditional, sampleData: { name: 'Ada', kind: 'company' } })).toEqual(['Missing required field: sampleData.vat']);
    expect(await errors({ ...valid, schema: conditional, sampleData: { name: 'Ada', vat: 'X' } })).toEqual(["Field 'sampleData.vat' must be null"]);
  });

  it('names what a nested block lacks, not the `if` that chose its type', async () => {
    const nested = { body: [{ type: 'box', blocks: [{ type: 'columns', columns: [{ blocks: [{ type: 'table', rows: 'items' }, { type: 'qr' }] }] }] }] };
    expect(await errors({ ...valid, layout: nested })).toEqual([
      'layout.body[0].blocks[0].columns[0].blocks[0].columns is required',
      'layout.body[0].blocks[0].columns[0].blocks[1].value is required',
    ]);
  });

  it('takes a higher version, and the path id, on update', async () => {
    const update = { id: 'greeting', currentVersion: '1.2.0' };
    expect(await parseDefinition({ ...valid, version: '1.10.0', id: 'greeting' }, checker, update)).toMatchObject({ id: undefined, version: '1.10.0' });
    expect(await errors({ ...valid, version: '1.2.0' }, update)).toEqual(['version must be higher than the current version 1.2.0']);
    expect(await errors({ ...valid, id: 'renamed' }, update)).toEqual(["id cannot be changed: this template is 'greeting'"]);
  });

  it('refuses a body that is not an object', async () => {
    expect(await errors('text')).toEqual(['The body must be a JSON object with name, schema and layout']);
    expect(await errors(undefined)).toEqual(['name is required', 'schema is required', 'layout is required']);
  });

  it('never fails otherwise, whatever JSON a body holds in its fields', async () => {
    const field = fc.constantFrom('id', 'name', 'description', 'category', 'version', 'schema', 'layout', 'defaultOptions', 'sampleData', 'other');
    const body = fc.dictionary(field, fc.jsonValue({ maxDepth: 6 }));
    const mutated = fc.tuple(body, fc.boolean()).map(([changes, keep]) => (keep ? { ...valid, ...changes } : changes));
    await fc.assert(
      fc.asyncProperty(mutated, async (b) => {
        try {
          await parseDefinition(b, checker);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          const messages = (error as ApiError).extra.validationErrors as unknown[];
          expect(messages.length).toBeGreaterThan(0);
          for (const message of messages) expect(typeof message).toBe('string');
        }
      }),
      { numRuns: 500, seed: 20_251_123 },
    );
  });
});
