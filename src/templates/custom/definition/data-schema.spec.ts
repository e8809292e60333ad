import { checkDataSchema } from './data-schema';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const problems = (schema: Record<string, unknown>) => checkDataSchema(schema, 'schema').problems;

describe('checkDataSchema', () => {
  it('compiles a schema into a validator with the messages of built-in data validation', () => {
    const schema = object(
      {
        client: object({ name: { type: 'string' } }, { required: ['name'], additionalProperties: false }),
        items: { type: 'array', maxItems: 2, items: object({ quantity: { type: 'number' } }) },
        date: { type: 'string', format: 'date' },
      },
      { required: ['client'] },
    );
    const { validate } = checkDataSchema(schema, 'schema');
    expect(validate!({ client: { name: 'A' } })).toEqual([]);
    expect(validate!({ client: { vat: 1 }, items: [{ quantity: 'x' }, {}, {}], date: '2025-02-30' })).toEqual([
      'Missing required field: client.name',
      "Field 'client.vat' is not allowed",
      "Field 'items' must have at most 2 items",
      "Field 'items[0].quantity' must be number",
      "Field 'date' must be a date in the form YYYY-MM-DD",
    ]);
    expect(validate!({}, 'sampleData')).toEqual(['Missing required field: sampleData.client']);
    expect(validate!([])).toEqual(["Field 'data' must be object"]);
  });

  it('validates with `true` and `false` subschemas, which have no bounds to cut', () => {
    const { validate } = checkDataSchema(object({ meta: true, legacy: false, tags: { type: 'array', items: true, maxItems: 1 } }), 'schema');
    expect(validate!({ meta: { any: [1, 2] }, tags: [{}] })).toEqual([]);
    expect(validate!({ legacy: 1, tags: [{}, 'a', 2] })).toEqual(["Field 'legacy' is not allowed", "Field 'tags' must have at most 1 item"]);
  });

  it('checks keys named like Object.prototype members against the map schema, not against Object', () => {
    const { validate } = checkDataSchema(object({ a: { type: 'string' } }, { additionalProperties: { type: 'array', maxItems: 1 } }), 'schema');
    expect(validate!(JSON.parse('{"constructor":[1,2,3],"toString":[1]}'))).toEqual(["Field 'constructor' must have at most 1 item"]);
  });

  it('requires an object schema that the meta-schema accepts', () => {
    expect(problems({ type: 'string' })).toEqual(['schema.type must be "object": data is a JSON object']);
    expect(problems({ properties: {} })).toEqual(['schema.type must be "object": data is a JSON object']);
    expect(problems(object({ a: { minLength: -1 } }))).toEqual(['schema.properties.a.minLength must be at least 0']);
  });

  it('refuses patterns the linear-time engine (RE2) cannot run, wherever a subschema has them', () => {
    const unsupported = (where: string, operator: string) =>
      `${where} cannot run on the linear-time engine (RE2: ${operator}; lookarounds and backreferences are not supported)`;
    expect(problems(object({ a: { type: 'array', items: { anyOf: [{ pattern: '^(?=a)b$' }] } } }))).toEqual([unsupported('schema.properties.a.items.anyOf[0].pattern', 'invalid perl operator: (?=')]);
    expect(problems(object({}, { patternProperties: { '(x)\\1': {} } }))).toEqual([unsupported("schema.patternProperties key '(x)\\1'", 'invalid escape sequence: \\1')]);
    expect(problems(object({ a: { pattern: '^[A-Z]{2}-\\d{4}$' } }))).toEqual([]);
  });

  it('runs every pattern in linear time: "^(a|aa)+$" and "(x+)+y" on 50,000 characters answer, and still match as JavaScript would', () => {
    const check = checkDataSchema(object({ a: { type: 'string', pattern: '^(a|aa)+$' }, b: { type: 'string', pattern: '^[A-Z]{2}-\\d{4}$' } }, { patternProperties: { '(x+)+y': { type: 'integer' } } }), 'schema');
    // V8's backtracking engine does not finish these in the lifetime of the test (43 characters took 11 s).
    // A key that does not match (x+)+y: the engine must say so, not backtrack.
    expect(check.validate!({ a: `${'a'.repeat(50_000)}!`, b: 'DE-1234', [`${'x'.repeat(50_000)}!`]: 'no', xxy: 'no' })).toEqual([
      `Field 'a' must match pattern "^(a|aa)+$"`,
      `Field 'xxy' must be integer`,
    ]);
    expect(check.validate!({ a: 'aaa', b: 'DE-12345' })).toEqual([`Field 'b' must match pattern "^[A-Z]{2}-\\d{4}$"`]);
  });

  it('refuses references outside the schema and formats it does not know', () => {
    expect(problems(object({ a: { $ref: 'other.json#/x' } }))).toEqual(['schema.properties.a.$ref must point inside the schema (#/...): remote references are never fetched']);
    expect(problems(object({ a: { $ref: '#/definitions/a' } }, { definitions: { a: { type: 'string', format: 'uri' } } }))).toEqual([
      "schema.definitions.a.format 'uri' is not supported (supported: date, date-mdy, hex-color)",
    ]);
    expect(problems(object({ a: { $ref: '#/definitions/a' } }, { definitions: { a: { type: 'string', format: 'hex-color' } } }))).toEqual([]);
  });

  it('refuses uniqueItems where Ajv would compare items pair by pair', () => {
    expect(problems(object({ tags: { type: 'array', uniqueItems: true, items: { type: 'object' } } }))).toEqual([
      "schema.properties.tags.uniqueItems needs items of a scalar type (string, number, integer, boolean): comparing other items takes time growing with the square of the array's length",
    ]);
    expect(problems(object({ tags: { type: 'array', uniqueItems: true } }))).toHaveLength(1);
    expect(problems(object({ tags: { type: 'array', uniqueItems: true, items: { type: ['string', 'integer'] } } }))).toEqual([]);
  });

  it('keeps no schema between compilations: one schema\'s $id is unknown to the next', () => {
    expect(problems(object({}, { $id: 'https://example.com/shared' }))).toEqual([]);
    expect(problems(object({ a: { $ref: 'https://example.com/shared' } }))).toEqual([
      'schema.properties.a.$ref must point inside the schema (#/...): remote references are never fetched',
    ]);
    expect(problems(object({}, { $id: 'https://example.com/shared' }))).toEqual([]);
  });
});
