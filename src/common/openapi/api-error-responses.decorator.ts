import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ERROR_CATALOGUE, ErrorCode } from '../errors/error-catalogue';

/** A catalogue error, or one with the status a route answers it with instead (TEMPLATE_NOT_FOUND is 404 on GET). */
export type DocumentedError = ErrorCode | readonly [ErrorCode, number];

/** Documents the listed catalogue errors, grouped by status, with each one's body as an example. */
export function ApiErrorResponses(...errors: DocumentedError[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const error of errors) {
    const [code, status] = typeof error === 'string' ? [error, ERROR_CATALOGUE[error].status] : error;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return applyDecorators(
    ...[...byStatus].map(([status, group]) =>
      ApiResponse({
        status,
        description: group.map((code) => ERROR_CATALOGUE[code].message).join(' | '),
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/ErrorResponse' },
            examples: Object.fromEntries(group.map((code) => [code, { value: exampleBody(code) }])),
          },
        },
      }),
    ),
  );
}

function exampleBody(code: ErrorCode): Record<string, unknown> {
  const spec = ERROR_CATALOGUE[code];
  const body: Record<string, unknown> = { success: false, error: spec.message, code };
  for (const field of 'extra' in spec ? spec.extra : []) body[field] = EXAMPLE_EXTRAS[field];
  body.requestId = '6f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  return body;
}

const EXAMPLE_EXTRAS: Record<string, unknown> = {
  details: 'A short explanation',
  limitBytes: 5242880,
  availableTemplates: ['invoice-basic', 'weekly-report'],
  validationErrors: ['Missing required field: invoiceNumber', "Field 'items[2].quantity' must be number"],
  categories: ['calendar', 'report', 'dashboard', 'invoice', 'certificate', 'custom'],
  limit: 100,
  used: 100,
  remaining: 0,
  retryAfterSeconds: 900,
};
