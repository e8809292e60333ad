import Ajv, { ErrorObject } from 'ajv';
import { re2RegExp, re2Problem } from './re2-regexp';
import { ruleExpectation } from '../../validation/ajv-error-messages';
import { FORMAT_RULES } from '../../validation/data-formats';
import { formatPath, PathSegment, pointerToSegments } from '../../validation/data-path';
import { dataValidator, DataValidator } from '../../validation/data-validator';

/**
 * Authors' schemas use any JSON Schema draft-07 keyword, so strict mode (which refuses unknown
 * keywords) is off; nothing compiled is kept by Ajv (addUsedSchema: false), so one workspace's
 * `$id` never resolves in another's schema. Their `pattern`s and `patternProperties` run on RE2,
 * in time linear in the text (DECISIONS section 13): V8's backtracking engine took 11 s for
 * "^(a|aa)+$" on 43 characters, with the HTTP thread blocked.
 */
const ajv = new Ajv({ allErrors: true, strict: false, addUsedSchema: false, logger: false, code: { regExp: re2RegExp } });
for (const [name, rule] of Object.entries(FORMAT_RULES)) ajv.addFormat(name, { type: 'string', validate: rule.validate });

const SUPPORTED_FORMATS = Object.keys(FORMAT_RULES);
/** The one dialect authors' schemas are read in (DECISIONS section 13), with or without the empty fragment. */
const DRAFT_07 = ['http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-07/schema'];
const SCALAR_TYPES = ['string', 'number', 'integer', 'boolean', 'null'];

/** Keywords whose value is a schema, an array of schemas, or a map of name to schema. */
const SCHEMA_KEYWORDS = ['items', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'items'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];

export type DataSchemaCheck = { validate: DataValidator; problems: [] } | { validate?: undefined; problems: string[] };

/**
 * Compiles an author's JSON Schema of `data` once, or lists what is wrong with it, each problem
 * named by its path under `field`: it must describe an object, be a schema Ajv compiles, and be
 * safe to run on every request (regular expressions that RE2 runs in linear time, no reference
 * outside itself: nothing is ever fetched).
 */
export function checkDataSchema(schema: Record<string, unknown>, field: string): DataSchemaCheck {
  const at = (segments: PathSegment[]) => formatPath([field, ...segments]);
  // Ajv knows other drafts' meta-schemas by other keys, and threw on them (500 before this check).
  if (schema.$schema !== undefined && !DRAFT_07.includes(schema.$schema as string)) {
    return { problems: [`${at(['$schema'])} must be "${DRAFT_07[0]}" (JSON Schema draft-07) or absent`] };
  }
  if (!ajv.validateSchema(schema)) return { problems: metaSchemaProblems(schema, ajv.errors ?? [], at) };
  const problems = schema.type === 'object' ? [] : [`${at(['type'])} must be "object": data is a JSON object`];
  problems.push(...unsafeParts(schema, [], at));
  if (problems.length > 0) return { problems };
  try {
    return { validate: dataValidator(ajv.compile(schema)), problems: [] };
  } catch (error) {
    return { problems: [`${field} cannot be compiled: ${(error as Error).message}`] };
  }
}

/** One message per failing place of the schema: the meta-schema's alternatives (`type` as a name or a list) say the same thing twice. */
function metaSchemaProblems(schema: unknown, errors: ErrorObject[], at: (segments: PathSegment[]) => string): string[] {
  const byPlace = new Map<string, string>();
  for (const error of errors) {
    const place = at(pointerToSegments(error.instancePath, schema));
    if (!byPlace.has(place)) byPlace.set(place, `${place} must ${ruleExpectation(error)}`);
  }
  return [...byPlace.values()];
}

/** What makes a schema unsafe to run or resolve, found by walking its subschemas (not its `enum`, `const` or `default` values). */
function unsafeParts(node: unknown, segments: PathSegment[], at: (segments: PathSegment[]) => string): string[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
  const schema = node as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof schema.pattern === 'string') problems.push(...regexProblems(schema.pattern, at([...segments, 'pattern'])));
  if (typeof schema.format === 'string' && !SUPPORTED_FORMATS.includes(schema.format)) {
    problems.push(`${at([...segments, 'format'])} '${schema.format}' is not supported (supported: ${SUPPORTED_FORMATS.join(', ')})`);
  }
  if (typeof schema.$ref === 'string' && !schema.$ref.startsWith('#')) {
    problems.push(`${at([...segments, '$ref'])} must point inside the schema (#/...): remote references are never fetched`);
  }
  if (schema.uniqueItems === true && !hasScalarItems(schema)) {
    problems.push(`${at([...segments, 'uniqueItems'])} needs items of a scalar type (string, number, integer, boolean): comparing other items takes time growing with the square of the array's length`);
  }
  for (const pattern of Object.keys(isObject(schema.patternProperties) ? schema.patternProperties : {})) {
    problems.push(...regexProblems(pattern, `${at([...segments, 'patternProperties'])} key '${pattern}'`));
  }
  for (const keyword of SCHEMA_KEYWORDS) problems.push(...unsafeParts(schema[keyword], [...segments, keyword], at));
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((child, index) => problems.push(...unsafeParts(child, [...segments, keyword, index], at)));
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (isObject(map)) for (const [name, child] of Object.entries(map)) problems.push(...unsafeParts(child, [...segments, keyword, name], at));
  }
  return problems;
}

/** Ajv checks uniqueness of scalars with a hash, in one pass; of anything else, pair by pair. */
function hasScalarItems(schema: Record<string, unknown>): boolean {
  const items = schema.items;
  if (!isObject(items)) return false;
  const types = [items.type].flat();
  return types.length > 0 && types.every((type) => SCALAR_TYPES.includes(type as string));
}

function regexProblems(pattern: string, where: string): string[] {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return [`${where} is not a valid regular expression`];
  }
  const problem = re2Problem(pattern);
  return problem ? [`${where} ${problem}`] : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
