/**
 * A W3C Trace Context `traceparent` (https://www.w3.org/TR/trace-context/#traceparent-header):
 * version, trace id, parent id, flags; ids of all zeros and version ff are invalid, and a future
 * version may carry more fields after the four.
 */
const TRACEPARENT = /^([\da-f]{2})-((?!0{32})[\da-f]{32})-((?!0{16})[\da-f]{16})-([\da-f]{2})(-.*)?$/;

/** The header as this service passes it on (version 00), or undefined when it is not a valid one. */
export function validTraceparent(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, parentId, flags, rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  return `00-${traceId}-${parentId}-${flags}`;
}
