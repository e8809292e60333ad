import { JsonSchema } from '../schemas';
import { schemaAt } from './data-path';

/**
 * Ajv with allErrors still visits every element past maxItems (and every key past maxProperties), so a
 * 5 MB array of junk would yield millions of errors. Validating a copy cut one past each bound still
 * reports the bound while keeping the work and the error list small. Untouched branches are shared, not copied.
 */
export function clampToBounds(schema: JsonSchema, data: unknown): unknown {
  if (Array.isArray(data)) return clampArray(schema, data);
  if (data !== null && typeof data === 'object') return clampObject(schema, data as Record<string, unknown>);
  return data;
}

function clampArray(schema: JsonSchema, data: unknown[]): unknown[] {
  const tooLong = schema.maxItems !== undefined && data.length > schema.maxItems + 1;
  const kept = tooLong ? data.slice(0, (schema.maxItems ?? 0) + 1) : data;
  const items = schema.items;
  if (!items) return kept;
  let changed = tooLong;
  const clamped = kept.map((element) => {
    const result = clampToBounds(items, element);
    changed ||= result !== element;
    return result;
  });
  return changed ? clamped : data;
}

function clampObject(schema: JsonSchema, data: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(data);
  const tooMany = schema.maxProperties !== undefined && keys.length > schema.maxProperties + 1;
  let result = tooMany ? Object.fromEntries(keys.slice(0, (schema.maxProperties ?? 0) + 1).map((key) => [key, data[key]])) : data;
  for (const key of Object.keys(result)) {
    const childSchema = schemaAt(schema, [key]);
    if (!childSchema) continue;
    const child = clampToBounds(childSchema, result[key]);
    if (child === result[key]) continue;
    if (result === data) result = { ...data };
    result[key] = child;
  }
  return result;
}
