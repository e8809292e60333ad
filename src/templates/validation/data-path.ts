import { JsonSchema } from '../../engine';

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
    const key = raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    const segment = Array.isArray(node) ? Number(key) : key;
    segments.push(segment);
    node = childOf(node, segment);
  }
  return segments;
}

/** The schema that applies at a data path, if any (unknown extra fields have none). */
export function schemaAt(schema: JsonSchema | undefined, segments: readonly PathSegment[]): JsonSchema | undefined {
  let current = schema;
  for (const segment of segments) current = childSchema(current, segment);
  return current;
}

/** The schema one step down: an element's; a property's own (a key such as `constructor` is not Object's), else a map's for any key. */
export function childSchema(schema: JsonSchema | undefined, segment: PathSegment): JsonSchema | undefined {
  if (typeof segment === 'number') return schema?.items;
  const properties = schema?.properties;
  if (properties && Object.hasOwn(properties, segment)) return properties[segment];
  const extra = schema?.additionalProperties;
  return typeof extra === 'object' ? extra : undefined;
}

/**
 * Sort keys giving document order: properties in the schema's order (where the spec's tables list them),
 * then caller-chosen keys in the data's order; array elements by index. Each object's keys are listed at
 * most once, so ordering n issues stays linear however many keys the data holds.
 */
export class DocumentOrder {
  private readonly dataKeyPositions = new Map<object, Map<string, number>>();

  constructor(
    private readonly schema: JsonSchema,
    private readonly data: unknown,
  ) {}

  keyOf(segments: readonly PathSegment[]): number[] {
    const key: number[] = [];
    let currentSchema: JsonSchema | undefined = this.schema;
    let node = this.data;
    for (const segment of segments) {
      key.push(typeof segment === 'number' ? segment : this.positionOf(currentSchema, node, segment));
      currentSchema = childSchema(currentSchema, segment);
      node = childOf(node, segment);
    }
    return key;
  }

  private positionOf(schema: JsonSchema | undefined, node: unknown, name: string): number {
    const known = schemaPropertyPositions(schema);
    const position = known.get(name);
    if (position !== undefined) return position;
    if (node === null || typeof node !== 'object') return known.size - 1;
    let positions = this.dataKeyPositions.get(node);
    if (!positions) {
      positions = new Map(Object.keys(node).map((dataKey, index) => [dataKey, index]));
      this.dataKeyPositions.set(node, positions);
    }
    return known.size + (positions.get(name) ?? -1);
  }
}

const NO_PROPERTIES = new Map<string, number>();
const propertyPositions = new WeakMap<JsonSchema, Map<string, number>>();

function schemaPropertyPositions(schema: JsonSchema | undefined): Map<string, number> {
  if (!schema?.properties) return NO_PROPERTIES;
  let positions = propertyPositions.get(schema);
  if (!positions) {
    positions = new Map(Object.keys(schema.properties).map((name, index) => [name, index]));
    propertyPositions.set(schema, positions);
  }
  return positions;
}

export function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
