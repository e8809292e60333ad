import { ApiError } from '../common/errors/api-error';

/** A failure the operator can act on: printed without a stack trace, exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

/** The failures to print as such: the CLI's own, and the API's errors from services run in-process. */
export function toCliError(error: unknown): CliError | null {
  if (error instanceof CliError) return error;
  if (error instanceof ApiError) {
    const details = (error.extra.validationErrors as string[] | undefined) ?? [];
    return new CliError(error.message, details);
  }
  return null;
}
