import { ApiError } from '../../common/errors/api-error';
import type { ErrorCode } from '../../common/errors/error-catalogue';

/** How a form shows a refused submission: the catalogue's message at its field, or above the form. */
export interface FormErrors {
  status: number;
  /** Messages by field name. */
  fields: Record<string, string>;
  /** A message about the whole form (shown in an alert above it). */
  alert: string;
}

/**
 * The form errors for `error` when its code is one this form expects (`fields` maps a code to the
 * field it concerns; '' for the whole form), else the error itself is thrown again (an error page).
 * INVALID_REQUEST shows its first validation message.
 */
export function toFormErrors(error: unknown, fields: Partial<Record<ErrorCode, string>>): FormErrors {
  if (!(error instanceof ApiError) || !(error.code in fields)) throw error;
  const field = fields[error.code] ?? '';
  const details = error.extra.validationErrors;
  const message = error.code === 'INVALID_REQUEST' && Array.isArray(details) && typeof details[0] === 'string' ? details[0] : error.message;
  return field === '' ? { status: error.status, fields: {}, alert: message } : { status: error.status, fields: { [field]: message }, alert: '' };
}

export function formErrorOf(code: ErrorCode, field: string): FormErrors {
  return toFormErrors(new ApiError(code), { [code]: field });
}

export const NO_FORM_ERRORS: FormErrors = { status: 200, fields: {}, alert: '' };
