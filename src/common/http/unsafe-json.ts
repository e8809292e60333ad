/**
 * Walks parsed JSON without recursion; returns why it is unsafe (a prototype-polluting key:
 * `__proto__`, or `constructor` holding `prototype`), or null when it is fine. Nesting and size are
 * bounded before parsing (json-shape.ts).
 */
export function findUnsafeJson(root: unknown): string | null {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === '__proto__' || (key === 'constructor' && isObjectWith(child, 'prototype'))) {
        return `Key '${key}' is not accepted`;
      }
      stack.push(child);
    }
  }
  return null;
}

function isObjectWith(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}
