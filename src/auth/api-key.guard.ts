import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { RateLimiter } from './rate-limiter';

/**
 * X-API-Key (recommended) or `Authorization: Bearer`; sets `req.workspace`, refuses suspended
 * workspaces and holds each key to RATE_LIMIT_PER_SECOND.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const key = presentedKey(req);
    if (key === undefined) throw new ApiError('MISSING_API_KEY');
    const workspace = await this.workspaces.authenticate(key);
    if (!workspace) throw new ApiError('INVALID_API_KEY');
    req.workspace = workspace;
    if (workspace.suspended) throw new ApiError('WORKSPACE_SUSPENDED');
    const allowed = this.rateLimiter.take(workspace.keyId);
    if (allowed !== true) throw new ApiError('RATE_LIMITED', { headers: { 'Retry-After': String(allowed) } });
    return true;
  }
}

/** The key a request shows, if any: X-API-Key, else the Authorization header. */
export function presentedKey(req: Request): string | undefined {
  const header = req.header('x-api-key');
  if (header !== undefined && header.trim() !== '') return header.trim();
  const authorization = req.header('authorization');
  if (authorization === undefined || authorization.trim() === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  // Any other Authorization scheme is a wrong key, not a missing one.
  return match ? match[1] : authorization.trim();
}
