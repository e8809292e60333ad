import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiKeyGuard, presentedKey } from './api-key.guard';

/**
 * For routes open to everyone that show more to a workspace: without a key the request goes on
 * anonymously; a key shown is checked exactly as ApiKeyGuard does (401, 403 suspended, 429).
 */
@Injectable()
export class OptionalApiKeyGuard implements CanActivate {
  constructor(private readonly apiKeys: ApiKeyGuard) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    return presentedKey(context.switchToHttp().getRequest<Request>()) === undefined || this.apiKeys.canActivate(context);
  }
}
