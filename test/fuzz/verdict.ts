import type { Exchange } from './send';

/**
 * The only 5xx the contract allows (DECISIONS sections 2 and 8): 503 SERVER_BUSY for overload, and
 * 500 GENERATION_FAILED for a render that really failed: it ran out of time. A renderer that throws
 * on data and options that passed validation is a defect (a lone surrogate in a title, a corrupt
 * image), so "could not be rendered with this data" is not on the list.
 */
const REAL_RENDER_FAILURE = /^Rendering took longer than \d+ ms$/;
/** An error answer slower than this is a stalled server, not a busy one (answers without a render take milliseconds). */
export const STALL_MS = 15_000;
const LEAK = /\bat \S+ \(|node_modules|\/src\/|\/dist\/|SQLITE|QueryFailed/;

export interface Answer {
  status: number;
  code?: string;
  details?: string;
}

/** What the answer says, for the distribution: status, code and (for a 5xx) the details. */
export function answerOf(exchange: Exchange): Answer {
  const json = jsonOf(exchange);
  const code = typeof json?.code === 'string' ? json.code : undefined;
  const details = exchange.status >= 500 && typeof json?.details === 'string' ? json.details : undefined;
  return { status: exchange.status, code, details };
}

/** Every way the answer breaks the contract; empty when it keeps it. */
export function problemsOf(exchange: Exchange): string[] {
  if (exchange.failure) return [exchange.failure];
  const problems: string[] = [];
  const { status, code, details } = answerOf(exchange);
  const allowed5xx = (status === 503 && code === 'SERVER_BUSY') || (status === 500 && code === 'GENERATION_FAILED' && REAL_RENDER_FAILURE.test(details ?? ''));
  if (status >= 500 && !allowed5xx) problems.push(`${status} ${code ?? ''} ${details ?? ''}`.trim());
  if (status >= 400 && exchange.sent.method !== 'HEAD') problems.push(...shapeProblems(exchange));
  if (status >= 400 && status !== 503 && exchange.elapsedMs > STALL_MS) problems.push(`error answered after ${Math.round(exchange.elapsedMs)} ms`);
  if (status < 300 && exchange.sent.mustRefuse) problems.push(`${status} although the request has a ${exchange.sent.mustRefuse}`);
  return problems;
}

/** The contract's error shape: `{ success: false, error, code, requestId }`, requestId echoing X-Request-Id. */
function shapeProblems(exchange: Exchange): string[] {
  const json = jsonOf(exchange);
  if (!/^application\/json/.test(exchange.headers['content-type'] ?? '') || json === undefined) {
    return [`error answer is not JSON: ${exchange.headers['content-type'] ?? 'no content-type'} ${exchange.body.subarray(0, 80).toString()}`];
  }
  const problems: string[] = [];
  if (json.success !== false) problems.push('error answer without success: false');
  if (typeof json.error !== 'string' || json.error === '') problems.push('error answer without an error message');
  if (typeof json.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(json.code)) problems.push('error answer without an UPPER_SNAKE code');
  if (typeof json.requestId !== 'string' || json.requestId !== exchange.headers['x-request-id']) problems.push('error answer whose requestId is not the X-Request-Id header');
  if (LEAK.test(exchange.body.toString())) problems.push('error answer leaks internals');
  return problems;
}

/** The answer's JSON object, or undefined when it is not one (or was cut at the client's size cap). */
export function jsonOf(exchange: Exchange): Record<string, unknown> | undefined {
  if (!/^application\/json/.test(exchange.headers['content-type'] ?? '')) return undefined;
  try {
    const value: unknown = JSON.parse(exchange.body.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
