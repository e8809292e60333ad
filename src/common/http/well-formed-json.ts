declare global {
  // Node 20 has both (ES2024); the project's lib is ES2022.
  interface String {
    isWellFormed(): boolean;
    toWellFormed(): string;
  }
}

/**
 * A lone surrogate can only come from a `\uD800`-`\uDFFF` escape in the JSON text: invalid UTF-8
 * bytes already decode to U+FFFD. Only a body holding such an escape is walked.
 */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

export function mayHoldLoneSurrogates(json: string): boolean {
  return SURROGATE_ESCAPE.test(json);
}

/**
 * Replaces every lone surrogate in every string of a parsed JSON value, keys included, with U+FFFD
 * (what a UTF-8 decoder does to a broken sequence): a title cut in the middle of an emoji renders
 * instead of failing. Changes the value in place (an object is rebuilt only when one of its keys
 * changes, to keep key order). Recursive: callers pass values whose depth is already bounded.
 */
export function toWellFormedJson(value: unknown): unknown {
  if (typeof value === 'string') return value.isWellFormed() ? value : value.toWellFormed();
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = toWellFormedJson(value[i]);
    return value;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.every((key) => key.isWellFormed())) {
    for (const key of keys) object[key] = toWellFormedJson(object[key]);
    return object;
  }
  const rebuilt: Record<string, unknown> = {};
  for (const key of keys) rebuilt[key.toWellFormed()] = toWellFormedJson(object[key]);
  return rebuilt;
}
