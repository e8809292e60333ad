/**
 * JSON text a client could send but `JSON.stringify` cannot write: `1e999`, `-0`, a `__proto__`
 * key, duplicate keys, nesting deeper than the client's own stack. A `RawJson` value is written
 * into the body as it is.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Every path into a JSON value (the root excluded), so that a mutation can pick any of them. */
export function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null || value instanceof RawJson) return [];
  const keys: Array<string | number> = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => {
    const path = [...prefix, key];
    return [path, ...pathsOf((value as Record<string | number, unknown>)[key], path)];
  });
}

/** The parent container and key of `path`, or undefined when the path no longer exists. */
export function parentOf(root: unknown, path: Array<string | number>): { parent: Record<string | number, unknown>; key: string | number } | undefined {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null || node instanceof RawJson) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null || node instanceof RawJson) return undefined;
  return { parent: node as Record<string | number, unknown>, key: path[path.length - 1] };
}
