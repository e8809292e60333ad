export { PdfgenClient } from './client';
export type { FileResult, GenerateOptions, GenerateToFileRequest, PdfgenClientOptions } from './client';
export type { Base64Result, BufferResult, GenerateResult, GenerationStats, JobAcceptedResult, ResponseInfo, UrlResult } from './generate-result';
export type { FilesApi, GenerationFilters, GenerationsApi, JobsApi, TemplatesApi } from './resources';
export {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  NotFoundError,
  PayloadTooLargeError,
  PdfgenError,
  PdfgenNetworkError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from './errors';
export type { RequestOptions } from './transport';
export { VERSION } from './version';
export { verifyWebhook, WebhookVerificationError } from './webhook';
export type { WebhookBatchFinished, WebhookFailure, WebhookHeaders, WebhookPayload, WebhookSuccess, WebhookVerificationCode } from './webhook';
export type * from './types';
export type { components, paths } from './generated/openapi';
