import { parseRetryAfter } from './retry-after';
import type { ErrorBody } from './types';

type ErrorInit = { status: number; code: string; message: string; requestId?: string; body?: ErrorBody & Record<string, unknown>; retryAfterSeconds?: number };

/**
 * An error answer of the API: `{ success: false, error, code, requestId, ...extra }`. Thrown as
 * the subclass of its kind (NotFoundError, RateLimitError, ...), so a caller catches what it handles.
 */
export class PdfgenError extends Error {
  override readonly name: string = 'PdfgenError';
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

  constructor(init: ErrorInit) {
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

  /** Reads a non-2xx response (consuming its body) into the error of its kind. */
  static async fromResponse(response: Response): Promise<PdfgenError> {
    const body = errorBody(await response.text());
    const code = body?.code ?? 'UNEXPECTED_RESPONSE';
    const Kind = errorClass(response.status, code);
    return new Kind({
      status: response.status,
      code,
      message: body?.error ?? `Unexpected ${response.status} response`,
      requestId: body?.requestId ?? response.headers.get('x-request-id') ?? undefined,
      body,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    });
  }
}

/** 400: the request was refused as sent (INVALID_DATA, INVALID_REQUEST, TEMPLATE_NOT_FOUND, INVALID_WEBHOOK_URL, ...). */
export class ValidationError extends PdfgenError {
  override readonly name: string = 'ValidationError';
}

/** 401: the API key is missing or not valid. */
export class AuthenticationError extends PdfgenError {
  override readonly name: string = 'AuthenticationError';
}

/** 403: the plan or the workspace does not allow it (WEBHOOKS_NOT_IN_PLAN, WORKSPACE_SUSPENDED, ...). */
export class PermissionDeniedError extends PdfgenError {
  override readonly name: string = 'PermissionDeniedError';
}

/** 404: no such job, template or file in this workspace. */
export class NotFoundError extends PdfgenError {
  override readonly name: string = 'NotFoundError';
}

/** 409 (TEMPLATE_ALREADY_EXISTS, IDEMPOTENCY_KEY_IN_PROGRESS) and 422 IDEMPOTENCY_KEY_REUSED (the key came with another body). */
export class ConflictError extends PdfgenError {
  override readonly name: string = 'ConflictError';
}

/** 413 BODY_TOO_LARGE: the body is larger than the service takes (`body.limitBytes`). */
export class PayloadTooLargeError extends PdfgenError {
  override readonly name: string = 'PayloadTooLargeError';
}

/** 429 RATE_LIMITED: too many requests a second; `retryAfterSeconds` says when to come back. */
export class RateLimitError extends PdfgenError {
  override readonly name: string = 'RateLimitError';
}

/** 429 QUOTA_EXCEEDED: the month's generations are used up (`limit`, `used`, `remaining`); never retried. Not a RateLimitError: waiting minutes does not help. */
export class QuotaExceededError extends PdfgenError {
  override readonly name: string = 'QuotaExceededError';
}

/** 5xx: GENERATION_FAILED (500), SERVER_BUSY (503), or a proxy's 502 or 504. */
export class ServerError extends PdfgenError {
  override readonly name: string = 'ServerError';
}

/** The request got no answer: connection refused or reset, DNS failure, time-out. */
export class PdfgenNetworkError extends Error {
  override readonly name: string = 'PdfgenNetworkError';
}

/** The connection failed or was cut before the whole answer arrived. */
export class ConnectionError extends PdfgenNetworkError {
  override readonly name: string = 'ConnectionError';
}

/** An attempt took longer than its time-out (`timeoutMs`, or the call's `timeout`). */
export class TimeoutError extends PdfgenNetworkError {
  override readonly name: string = 'TimeoutError';
}

const BY_STATUS: Record<number, typeof PdfgenError> = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  422: ConflictError,
};

function errorClass(status: number, code: string): typeof PdfgenError {
  if (status === 429) return code === 'QUOTA_EXCEEDED' ? QuotaExceededError : RateLimitError;
  if (status >= 500) return ServerError;
  return BY_STATUS[status] ?? PdfgenError;
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
