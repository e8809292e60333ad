import { randomUUID } from 'node:crypto';
import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../errors/api-error';
import { JsonLogger } from '../logging/json-logger';
import { MetricsService } from '../../metrics/metrics.service';
import { tracing } from '../../tracing';
import { routeOf } from './route-of';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;
/** No id, name or file of ours holds a NUL, and PostgreSQL refuses one in any text it is given. */
const ENCODED_NUL = /%00/;

/**
 * Gives each request an id (kept from the caller when sane) and a span (continuing its
 * traceparent), and writes one log line when it ends.
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  constructor(
    private readonly logger: JsonLogger,
    private readonly metrics: MetricsService,
  ) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const incoming = req.header('x-request-id');
    req.requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeOf(req);
      this.metrics.observeRequest(req.method, route, res.statusCode, durationMs / 1000);
      this.logger.info('request', {
        requestId: req.requestId,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        route,
        status: res.statusCode,
        durationMs: Math.round(durationMs * 100) / 100,
        workspaceId: req.workspace?.id,
      });
    });
    const refused = ENCODED_NUL.test(req.originalUrl.split('?')[0]);
    tracing().traceRequest(req, res, () => (refused ? next(new ApiError('NOT_FOUND')) : next()));
  }
}
