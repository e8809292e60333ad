import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { JsonLogger } from '../logging/json-logger';
import { ApiError } from './api-error';
import { ErrorPages } from './error-pages';

/** Turns anything thrown on any route into the contract's error body; nothing internal leaks. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly logger: JsonLogger,
    private readonly errorPages: ErrorPages,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const error = toApiError(exception);
    // A path Express cannot decode (`/files/%C3.pdf`) fails before RequestContextMiddleware runs.
    if (req.requestId === undefined && !res.headersSent) {
      req.requestId = randomUUID();
      res.setHeader('X-Request-Id', req.requestId);
    }
    if (error.status >= 500) {
      this.logger.error('request failed', {
        requestId: req.requestId,
        code: error.code,
        error: describe(error.cause ?? exception),
      });
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(error.status).set(error.headers);
    // RFC 9110 section 11.6.1: a 401 names how to authenticate (the key as a bearer token, or X-API-Key).
    if (error.status === 401 && !res.hasHeader('WWW-Authenticate')) res.setHeader('WWW-Authenticate', 'Bearer realm="pdfgen"');
    if (this.errorPages.answer(error, req, res)) return;
    res.json({ success: false, error: error.message, code: error.code, ...error.extra, requestId: req.requestId });
  }
}

function toApiError(exception: unknown): ApiError {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404) return new ApiError('NOT_FOUND');
    if (status === 413) return new ApiError('BODY_TOO_LARGE');
    if (status === 415) return new ApiError('UNSUPPORTED_MEDIA_TYPE');
    if (status < 500) return new ApiError('INVALID_REQUEST', { status, extra: { validationErrors: [exception.message] } });
  }
  return new ApiError('INTERNAL_ERROR', { cause: exception });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
