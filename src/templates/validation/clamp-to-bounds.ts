import { JsonSchema } from '../../engine';
import { childSchema } from './data-path';

/**
 * Ajv with allErrors still visits every element past maxItems (and every key past maxProperties), so a
 * 5 MB array of junk would yield millions of errors. Validating a copy cut one past each bound still
 * reports the bound while keeping the work and the error list small. Untouched branches are shared, not
 * copied, and data within its bounds (nearly every request) is walked without allocating: under the HTTP
 * bench the copies made and thrown away were a sixth of everything the HTTP thread allocated.
 */
export function clampToBounds(schema: JsonSchema | undefined, data: unknown): unknown {
  // An author's schema may hold `true` or `false` for a subschema: no bounds there, nor where none applies.
  if (typeof schema !== 'object' || schema === null) return data;
  if (Array.isArray(data)) return clampArray(schema, data);
  if (data !== null && typeof data === 'object') return clampObject(schema, data as Record<string, unknown>);
  return data;
}

function clampArray(schema: JsonSchema, data: unknown[]): unknown[] {
  const kept = schema.maxItems !== undefined && data.length > schema.maxItems + 1 ? schema.maxItems + 1 : data.length;
  let copy = kept < data.length ? data.slice(0, kept) : undefined;
  const items = schema.items;
  if (!items) return copy ?? data;
  for (let i = 0; i < kept; i++) {
    const element = clampToBounds(items, data[i]);
    if (element !== data[i]) (copy ??= data.slice(0, kept))[i] = element;
  }
  return copy ?? data;
}

/**
 * Visits only the keys the schema speaks of: caller-chosen extra keys are ignored by Ajv, and listing
 * 250,000 of them costs V8 a third of a second each time. A changed copy therefore holds no extra keys.
 */
function clampObject(schema: JsonSchema, data: Record<string, unknown>): Record<string, unknown> {
  const isMap = typeof schema.additionalProperties === 'object';
  const keys = isMap ? Object.keys(data) : propertyNames(schema);
  const kept = schema.maxProperties === undefined ? Infinity : schema.maxProperties + 1;
  // The copy's entries, begun at the first change.
  let entries: Array<[string, unknown]> | undefined;
  let present = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (!isMap && !Object.hasOwn(data, key)) continue;
    if (present === kept) {
      entries ??= entriesBefore(data, keys, i);
      break;
    }
    present++;
    const value = data[key];
    const child = clampToBounds(childSchema(schema, key), value);
    if (child !== value) entries ??= entriesBefore(data, keys, i);
    entries?.push([key, child]);
  }
  return entries ? Object.fromEntries(entries) : data;
}

function entriesBefore(data: Record<string, unknown>, keys: string[], end: number): Array<[string, unknown]> {
  return keys
    .slice(0, end)
    .filter((key) => Object.hasOwn(data, key))
    .map((key) => [key, data[key]]);
}

/** A schema's property names, listed once per schema object rather than on every request. */
const namesBySchema = new WeakMap<JsonSchema, string[]>();

function propertyNames(schema: JsonSchema): string[] {
  let names = namesBySchema.get(schema);
  if (!names) namesBySchema.set(schema, (names = Object.keys(schema.properties ?? {})));
  return names;
}
