import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ERROR_CATALOGUE, ErrorCode } from '../errors/error-catalogue';
import { errorBodySchema, ExtraField, extraFieldsOf } from './error-response.openapi';
import { ResponseHeader, responseHeaders } from './response-headers';

/** A catalogue error, or one with the status a route answers it with instead (TEMPLATE_NOT_FOUND is 404 on GET). */
export type DocumentedError = ErrorCode | readonly [ErrorCode, number];

/** The headers an error is answered with besides its body, set where it is thrown. */
const ERROR_HEADERS: Partial<Record<ErrorCode, readonly ResponseHeader[]>> = {
  RATE_LIMITED: ['Retry-After'],
  QUOTA_EXCEEDED: ['Retry-After', 'X-Usage-Remaining'],
  SERVER_BUSY: ['Retry-After'],
  IDEMPOTENCY_KEY_IN_PROGRESS: ['Retry-After'],
  SIGN_IN_LOCKED: ['Retry-After'],
  RANGE_NOT_SATISFIABLE: ['Content-Range'],
};

/**
 * Documents the listed catalogue errors, grouped by status: each one's body as an example, the
 * extra fields they carry in the schema, and the headers they are sent with (every 401 names
 * its scheme in WWW-Authenticate: ApiExceptionFilter).
 */
export function ApiErrorResponses(...errors: DocumentedError[]) {
  return ApiErrorResponsesWithHeaders([], ...errors);
}

/** As ApiErrorResponses, on a route that sets `headers` before it can fail (a hosted file's CORS and validators). */
export function ApiErrorResponsesWithHeaders(alsoSent: readonly ResponseHeader[], ...errors: DocumentedError[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const error of errors) {
    const [code, status] = typeof error === 'string' ? [error, ERROR_CATALOGUE[error].status] : error;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return applyDecorators(
    ...[...byStatus].map(([status, group]) => {
      const headers = new Set<ResponseHeader>([...alsoSent, ...group.flatMap((code) => ERROR_HEADERS[code] ?? [])]);
      if (status === 401) headers.add('WWW-Authenticate');
      return ApiResponse({
        status,
        description: group.map((code) => ERROR_CATALOGUE[code].message).join(' | '),
        headers: responseHeaders(...headers),
        content: {
          'application/json': {
            schema: errorBodySchema(group),
            examples: Object.fromEntries(group.map((code) => [code, { value: exampleBody(code) }])),
          },
        },
      });
    }),
  );
}

function exampleBody(code: ErrorCode): Record<string, unknown> {
  const body: Record<string, unknown> = { success: false, error: ERROR_CATALOGUE[code].message, code };
  for (const field of extraFieldsOf(code)) body[field] = EXAMPLE_EXTRAS[field];
  body.requestId = '6f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  return body;
}

const EXAMPLE_EXTRAS: Record<ExtraField, unknown> = {
  details: 'A short explanation',
  limitBytes: 5242880,
  availableTemplates: ['invoice-basic', 'weekly-report'],
  validationErrors: ['Missing required field: invoiceNumber', "Field 'items[2].quantity' must be number"],
  categories: ['calendar', 'report', 'dashboard', 'invoice', 'certificate', 'custom'],
  limit: 100,
  used: 100,
  remaining: 0,
  requested: 20,
  retryAfterSeconds: 900,
};
