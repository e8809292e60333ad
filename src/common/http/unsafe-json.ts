export const MAX_JSON_DEPTH = 32;

/**
 * Walks parsed JSON without recursion; returns why it is unsafe (a prototype-polluting key:
 * `__proto__`, or `constructor` holding `prototype`; or nesting deeper than MAX_JSON_DEPTH),
 * or null when it is fine.
 */
export function findUnsafeJson(root: unknown): string | null {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return `JSON nesting deeper than ${MAX_JSON_DEPTH} levels is not accepted`;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === '__proto__' || (key === 'constructor' && isObjectWith(child, 'prototype'))) {
        return `Key '${key}' is not accepted`;
      }
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

function isObjectWith(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}
