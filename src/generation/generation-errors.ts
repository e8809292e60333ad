import { InvalidDocumentData, RenderFailed } from '../engine';
import { ApiError } from '../common/errors/api-error';
import { RenderPoolBusy } from './pool/render-pool-busy';

/** The rendered PDF could not be written to the file store: worth another try later. */
export class PdfNotStored extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The PDF could not be stored', options);
    this.name = 'PdfNotStored';
  }
}

/**
 * The one place where the engine's and the pool's errors become the contract's. Anything else
 * (an ApiError already, or an unexpected fault) passes through unchanged. The engine's messages
 * are its own safe sentences ('Document exceeds 1000 pages', a layout path): an unexpected fault
 * inside it arrives wrapped, with the generic sentence.
 */
export function toContractError(error: unknown): unknown {
  if (error instanceof RenderPoolBusy) return new ApiError('SERVER_BUSY', { headers: { 'Retry-After': '1' }, cause: error });
  if (error instanceof InvalidDocumentData) return new ApiError('INVALID_DATA', { extra: { validationErrors: [error.message] }, cause: error });
  if (error instanceof RenderFailed || error instanceof PdfNotStored) {
    return new ApiError('GENERATION_FAILED', { extra: { details: error.message }, cause: error });
  }
  return error;
}

/** Codes that the same generation would meet again: the month is full, or the workspace cannot sign (section 15). */
const FOR_GOOD = new Set(['QUOTA_EXCEEDED', 'NO_SIGNING_CERTIFICATE', 'SIGNING_CERTIFICATE_EXPIRED']);

/** Whether the same generation would fail again: the template cannot be drawn with this data, the month is full, or it cannot be signed. */
export function failsForGood(error: unknown): boolean {
  return error instanceof RenderFailed || (error instanceof ApiError && FOR_GOOD.has(error.code));
}

/**
 * Whether a failed generation ends there, and so belongs in the history as failed: a render that
 * failed, or (for a request) a PDF that could not be stored. A webhook job tries a store failure
 * again, and a busy pool or a full month is no generation at all.
 */
export function endsInFailure(error: unknown, context: { jobId?: string }): boolean {
  return error instanceof RenderFailed || (error instanceof PdfNotStored && context.jobId === undefined);
}

/** Room for `details` in a job's generation_error and a history record's error column. */
const MAX_DETAILS = 500;

/** The failure body's `details`: what the synchronous API would have answered (data the layout cannot draw: which). */
export function failureDetails(error: unknown): string {
  const answer = toContractError(error) as ApiError;
  const validationErrors = answer.extra.validationErrors as string[] | undefined;
  const details = answer.extra.details ?? (validationErrors ? `${answer.message}: ${validationErrors.join('; ')}` : answer.message);
  return String(details).slice(0, MAX_DETAILS);
}
