import type { OpenAPIObject } from '@nestjs/swagger';

type Json = Record<string, unknown>;

/** Keywords whose value is one subschema, a list of them, or a map of name to subschema (JSON Schema 2020-12). */
const SUBSCHEMA = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/**
 * Turns the OpenAPI 3.0 document that @nestjs/swagger generates into OpenAPI 3.1, whose schemas are
 * JSON Schema 2020-12: the dialect our request schemas are written in (`examples` arrays,
 * `propertyNames`), which 3.0 refuses. Returns a new document, typed as Nest's (which only knows 3.0).
 */
export function toOpenApi31(document: OpenAPIObject): OpenAPIObject {
  const { components, ...rest } = document;
  const { schemas = {}, ...otherComponents } = components ?? {};
  const converted = {
    ...(convertSchemasWithin(rest) as Json),
    openapi: '3.1.0',
    components: { ...(convertSchemasWithin(otherComponents) as Json), schemas: mapValues(schemas, toJsonSchema) },
  };
  return converted as unknown as OpenAPIObject;
}

/** Converts 3.0-only keywords of one schema, and of its subschemas, to their 2020-12 form. */
function toJsonSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const converted: Json = { ...schema };
  for (const key of SUBSCHEMA) if (key in converted) converted[key] = toJsonSchema(converted[key]);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(converted[key])) converted[key] = (converted[key] as unknown[]).map(toJsonSchema);
  for (const key of SUBSCHEMA_MAPS) if (isObject(converted[key])) converted[key] = mapValues(converted[key] as Json, toJsonSchema);
  return withoutNullable(withNumericExclusiveBounds(converted));
}

/** 3.0's `nullable: true` becomes `null` among the types, or an `anyOf` beside a `$ref` or composition. */
function withoutNullable({ nullable, ...schema }: Json): Json {
  if (nullable !== true) return schema;
  if (typeof schema.type !== 'string') return { anyOf: [schema, { type: 'null' }] };
  const nullableEnum = Array.isArray(schema.enum) && !schema.enum.includes(null) ? { enum: [...schema.enum, null] } : {};
  return { ...schema, type: [schema.type, 'null'], ...nullableEnum };
}

/** 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` qualify `minimum`/`maximum`; 2020-12 gives the bound itself. */
function withNumericExclusiveBounds(schema: Json): Json {
  const converted = { ...schema };
  for (const [exclusive, inclusive] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    const flag = converted[exclusive];
    if (typeof flag !== 'boolean') continue;
    delete converted[exclusive];
    if (flag && converted[inclusive] !== undefined) {
      converted[exclusive] = converted[inclusive];
      delete converted[inclusive];
    }
  }
  return converted;
}

/**
 * Converts every `schema` of the document's parameters, headers and media types. Examples and
 * extensions are data, not OpenAPI objects, so they are left as they are.
 */
function convertSchemasWithin(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convertSchemasWithin);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === 'schema') return [key, toJsonSchema(value)];
      if (key === 'example' || key === 'examples' || key.startsWith('x-')) return [key, value];
      return [key, convertSchemasWithin(value)];
    }),
  );
}

function mapValues(map: Json, convert: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, convert(value)]));
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
