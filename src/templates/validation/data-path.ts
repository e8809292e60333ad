import { JsonSchema } from '../schemas';

/** A step into the data: a property name or an array index. */
export type PathSegment = string | number;

/** Renders segments the way callers write them: `items[2].quantity`. */
export function formatPath(segments: readonly PathSegment[]): string {
  return segments.reduce<string>(
    (path, segment) => (typeof segment === 'number' ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment),
    '',
  );
}

export function childOf(value: unknown, segment: PathSegment): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<PathSegment, unknown>)[segment] : undefined;
}

export function valueAt(data: unknown, segments: readonly PathSegment[]): unknown {
  return segments.reduce<unknown>(childOf, data);
}

/** Converts an Ajv instancePath (`/items/2/quantity`) to segments; the data tells indexes from keys like "2". */
export function pointerToSegments(pointer: string, data: unknown): PathSegment[] {
  const segments: PathSegment[] = [];
  let node = data;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment = Array.isArray(node) ? Number(key) : key;
    segments.push(segment);
    node = childOf(node, segment);
  }
  return segments;
}

/** The schema that applies at a data path, if any (unknown extra fields have none). */
export function schemaAt(schema: JsonSchema | undefined, segments: readonly PathSegment[]): JsonSchema | undefined {
  return segments.reduce<JsonSchema | undefined>((current, segment) => {
    if (typeof segment === 'number') return current?.items;
    const extra = current?.additionalProperties;
    return current?.properties?.[segment] ?? (typeof extra === 'object' ? extra : undefined);
  }, schema);
}

/**
 * Sort key giving document order: properties in the schema's order (where the spec's tables list them),
 * then caller-chosen keys in the data's order; array elements by index.
 */
export function documentOrderKey(schema: JsonSchema, data: unknown, segments: readonly PathSegment[]): number[] {
  const key: number[] = [];
  let currentSchema: JsonSchema | undefined = schema;
  let node = data;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      key.push(segment);
    } else {
      const known = Object.keys(currentSchema?.properties ?? {});
      const position = known.indexOf(segment);
      const dataKeys = node !== null && typeof node === 'object' ? Object.keys(node) : [];
      key.push(position >= 0 ? position : known.length + dataKeys.indexOf(segment));
    }
    currentSchema = schemaAt(currentSchema, [segment]);
    node = childOf(node, segment);
  }
  return key;
}

export function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
