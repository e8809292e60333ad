import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { secretsEqual } from '../auth/api-key';
import { ApiError } from '../common/errors/api-error';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** With METRICS_TOKEN set, /metrics answers only to `Authorization: Bearer <METRICS_TOKEN>`; without it, to anyone. */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const token = this.config.metricsToken;
    if (!token) return true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(context.switchToHttp().getRequest<Request>().header('authorization') ?? '');
    if (!match || !secretsEqual(match[1], token)) {
      throw new ApiError('INVALID_METRICS_TOKEN', { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
    }
    return true;
  }
}
