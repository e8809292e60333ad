import { createHash } from 'node:crypto';

/**
 * SHA-256 (hex) of the request's canonical JSON: object keys sorted, no whitespace. Two bodies
 * that parse to the same JSON have the same digest, whatever their key order or spacing.
 */
export function requestDigest(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`)
      .join(',')}}`;
  }
  // undefined (no body) has no JSON text: it stands for null.
  return JSON.stringify(value) ?? 'null';
}
