import { JsonSchema } from '../../engine';
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

/**
 * Visits only the keys the schema speaks of: caller-chosen extra keys are ignored by Ajv, and listing
 * 250,000 of them costs V8 a third of a second each time. A changed copy therefore holds no extra keys.
 */
function clampObject(schema: JsonSchema, data: Record<string, unknown>): Record<string, unknown> {
  const keys = checkedKeys(schema, data);
  const max = schema.maxProperties;
  const kept = max !== undefined && keys.length > max + 1 ? keys.slice(0, max + 1) : keys;
  let changed = kept.length < keys.length;
  const entries = kept.map((key) => {
    const childSchema = schemaAt(schema, [key]);
    const child = childSchema ? clampToBounds(childSchema, data[key]) : data[key];
    changed ||= child !== data[key];
    return [key, child] as const;
  });
  return changed ? Object.fromEntries(entries) : data;
}

/** Every key of a map (caller-chosen keys, each checked), else the schema's own properties present in the data. */
function checkedKeys(schema: JsonSchema, data: Record<string, unknown>): string[] {
  if (typeof schema.additionalProperties === 'object') return Object.keys(data);
  return Object.keys(schema.properties ?? {}).filter((key) => Object.hasOwn(data, key));
}
