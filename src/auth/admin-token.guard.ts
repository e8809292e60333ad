import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { secretsEqual } from './api-key';

/** The operator API exists only when ADMIN_TOKEN is set, and then only for that bearer token. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const token = this.config.adminToken;
    if (!token) throw new ApiError('NOT_FOUND');
    const req = context.switchToHttp().getRequest<Request>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.header('authorization') ?? '');
    if (!match || !secretsEqual(match[1], token)) throw new ApiError('INVALID_ADMIN_TOKEN');
    return true;
  }
}
