import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIObject } from '@nestjs/swagger';
import { toOpenApi31 } from './to-openapi-31';

/** A 3.0 document in the shape @nestjs/swagger generates, with a 3.0-only keyword in each place a schema may sit. */
function nestDocument(): OpenAPIObject {
  const nullableName = { type: 'string', nullable: true };
  return {
    openapi: '3.0.0',
    info: { title: 'test', version: '1.0.0' },
    paths: {
      '/things/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } }],
          responses: {
            '200': {
              description: 'ok',
              headers: { 'X-Left': { schema: { type: 'number', nullable: true } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' }, examples: { one: { value: { nullable: true, schema: { nullable: true } } } } } },
            },
          },
        },
        post: {
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: nullableName } } } } },
          responses: { '201': { description: 'created' } },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          properties: {
            nullable: { type: 'boolean' },
            plan: { type: 'string', enum: ['free', 'pro'], nullable: true },
            owner: { allOf: [{ $ref: '#/components/schemas/Owner' }], nullable: true },
            tags: { type: 'array', items: nullableName },
            score: { type: 'number', maximum: 10, exclusiveMaximum: false },
            extra: { type: 'object', additionalProperties: nullableName },
          },
        },
        Owner: { type: 'object', properties: { name: { type: 'string', nullable: false } } },
      },
      parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer', nullable: true } } },
    },
  } as unknown as OpenAPIObject;
}

describe('toOpenApi31', () => {
  const converted = toOpenApi31(nestDocument()) as any;

  it('declares 3.1.0 and passes an independent validator', async () => {
    expect(converted.openapi).toBe('3.1.0');
    expect(Object.keys(converted)[0]).toBe('openapi');
    await expect(SwaggerParser.validate(structuredClone(converted))).resolves.toBeDefined();
  });

  it('turns nullable into a null type, a null enum value, or an anyOf beside a composition', () => {
    const thing = converted.components.schemas.Thing.properties;
    expect(thing.plan).toEqual({ type: ['string', 'null'], enum: ['free', 'pro', null] });
    expect(thing.owner).toEqual({ anyOf: [{ allOf: [{ $ref: '#/components/schemas/Owner' }] }, { type: 'null' }] });
    expect(thing.tags.items).toEqual({ type: ['string', 'null'] });
    expect(thing.extra.additionalProperties).toEqual({ type: ['string', 'null'] });
    expect(converted.components.schemas.Owner.properties.name).toEqual({ type: 'string' });
  });

  it('gives exclusive bounds as numbers', () => {
    expect(converted.paths['/things/{id}'].get.parameters[0].schema).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    expect(converted.components.schemas.Thing.properties.score).toEqual({ type: 'number', maximum: 10 });
  });

  it('converts schemas of parameters, headers and request bodies, in paths and components', () => {
    const get = converted.paths['/things/{id}'].get;
    expect(get.responses['200'].headers['X-Left'].schema).toEqual({ type: ['number', 'null'] });
    expect(converted.paths['/things/{id}'].post.requestBody.content['application/json'].schema.properties.name).toEqual({ type: ['string', 'null'] });
    expect(converted.components.parameters.Page.schema).toEqual({ type: ['integer', 'null'] });
  });

  it('leaves property names, examples and JSON Schema 2020-12 keywords as they are', () => {
    expect(converted.components.schemas.Thing.properties.nullable).toEqual({ type: 'boolean' });
    expect(converted.paths['/things/{id}'].get.responses['200'].content['application/json'].examples.one.value).toEqual({ nullable: true, schema: { nullable: true } });
    const modern = { type: 'object', propertyNames: { pattern: '^[a-z]+$' }, additionalProperties: { type: 'string', examples: ['a'] }, 'x-invalid': { nullable: true } };
    const document = { ...nestDocument(), components: { schemas: { Modern: modern } } } as unknown as OpenAPIObject;
    expect((toOpenApi31(document) as any).components.schemas.Modern).toEqual(modern);
  });

  it('does not change the document it is given', () => {
    const original = nestDocument();
    toOpenApi31(original);
    expect(original).toEqual(nestDocument());
  });
});
