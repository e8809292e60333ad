import { invalidRequest } from '../common/validation/invalid-request';
import { ApiError } from '../common/errors/api-error';
import { PASSWORD_MAX_LENGTH, passwordLengthProblem } from './passwords';
import { ROLES, Role, isRole } from './roles';

export const EMAIL_MAX_LENGTH = 254;

/** The one message of each field (the contract's validationErrors), like workspaces/dto/field-messages.ts. */
export const ACCOUNT_FIELD_MESSAGES = {
  email: `email must be an email address of at most ${EMAIL_MAX_LENGTH} characters`,
  role: `role must be one of: ${ROLES.join(', ')}`,
  passwordTooLong: `password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

/** Something@something.tld, without spaces or control characters: the invite link, not the syntax, proves the address. */
const EMAIL_SHAPE = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}.]+(\.[^\s@\p{Cc}.]+)+$/u;

/** Trimmed and lower-cased, or null when it is not an email address. */
export function normalizeEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim().toLowerCase();
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(email)) return null;
  return email;
}

export function isEmail(raw: unknown): boolean {
  return normalizeEmail(raw) !== null;
}

/** The normalized email, or 400 Invalid request naming `email`. */
export function requireEmail(raw: unknown): string {
  const email = normalizeEmail(raw);
  if (email === null) throw invalidRequest([ACCOUNT_FIELD_MESSAGES.email]);
  return email;
}

export function requireRole(raw: unknown): Role {
  if (!isRole(raw)) throw invalidRequest([ACCOUNT_FIELD_MESSAGES.role]);
  return raw;
}

/** A new password: 400 PASSWORD_TOO_SHORT under 10 characters. */
export function requireNewPassword(raw: unknown): string {
  const password = typeof raw === 'string' ? raw : '';
  const problem = passwordLengthProblem(password);
  if (problem === 'too-short') throw new ApiError('PASSWORD_TOO_SHORT');
  if (problem === 'too-long') throw invalidRequest([ACCOUNT_FIELD_MESSAGES.passwordTooLong]);
  return password;
}
