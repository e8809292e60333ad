import { parseRetryAfter } from './retry-after';
import type { ErrorBody } from './types';

/** An error answer of the API: `{ success: false, error, code, requestId, ...extra }`. */
export class PdfgenError extends Error {
  override readonly name = 'PdfgenError';
  readonly status: number;
  /** Stable UPPER_SNAKE identifier to branch on (`INVALID_DATA`, `QUOTA_EXCEEDED`, ...); `UNEXPECTED_RESPONSE` when the answer was not the API's error shape. */
  readonly code: string;
  /** The X-Request-Id of the failed request: quote it to support. */
  readonly requestId: string | undefined;
  /** INVALID_REQUEST, INVALID_DATA: every problem found, each naming its field. */
  readonly validationErrors: string[] | undefined;
  /** TEMPLATE_NOT_FOUND: the template ids this workspace may use. */
  readonly availableTemplates: string[] | undefined;
  /** QUOTA_EXCEEDED: the monthly limit in force, generations counted and left. */
  readonly limit: number | undefined;
  readonly used: number | undefined;
  readonly remaining: number | undefined;
  /** A short, safe explanation (GENERATION_FAILED, INVALID_WEBHOOK_URL, INVALID_JSON). */
  readonly details: string | undefined;
  /** The answer's Retry-After, in seconds (429, 503, 409 in progress). */
  readonly retryAfterSeconds: number | undefined;
  /** The whole error body, for the extra fields of other errors. */
  readonly body: (ErrorBody & Record<string, unknown>) | undefined;

  constructor(init: { status: number; code: string; message: string; requestId?: string; body?: ErrorBody & Record<string, unknown>; retryAfterSeconds?: number }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.validationErrors = init.body?.validationErrors;
    this.availableTemplates = init.body?.availableTemplates;
    this.limit = init.body?.limit;
    this.used = init.body?.used;
    this.remaining = init.body?.remaining;
    this.details = init.body?.details;
  }

  /** Reads a non-2xx response (consuming its body). */
  static async fromResponse(response: Response): Promise<PdfgenError> {
    const body = errorBody(await response.text());
    return new PdfgenError({
      status: response.status,
      code: body?.code ?? 'UNEXPECTED_RESPONSE',
      message: body?.error ?? `Unexpected ${response.status} response`,
      requestId: body?.requestId ?? response.headers.get('x-request-id') ?? undefined,
      body,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    });
  }
}

/** The request got no answer: connection refused or reset, DNS failure, time-out. */
export class PdfgenNetworkError extends Error {
  override readonly name = 'PdfgenNetworkError';
}

function errorBody(text: string): (ErrorBody & Record<string, unknown>) | undefined {
  try {
    const body: unknown = JSON.parse(text);
    const shaped = typeof body === 'object' && body !== null && (body as ErrorBody).success === false && typeof (body as ErrorBody).error === 'string';
    return shaped ? (body as ErrorBody & Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
