import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from '../common/errors/api-error';
import { UsageService } from '../usage/usage.service';
import { WorkspacesService } from '../workspaces/workspaces.service';
import type { AuthenticatedWorkspace } from './authenticated-workspace';
import { keyQuota, monthQuota, rateLimitHeaders, RateLimitQuota } from './rate-limit-headers';
import { KEY_RATE_LIMIT, KeyRateLimit, RateDecision } from './rate-limiter';

/**
 * X-API-Key (recommended) or `Authorization: Bearer`; sets `req.workspace`, refuses suspended
 * workspaces and holds each key to RATE_LIMIT_PER_SECOND. Every answer to a key carries the
 * RateLimit headers of the month's generations and, when it is on, of the key's rate.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly usage: UsageService,
    @Inject(KEY_RATE_LIMIT) private readonly rateLimit: KeyRateLimit,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const key = presentedKey(req);
    if (key === undefined) throw new ApiError('MISSING_API_KEY');
    const workspace = await this.workspaces.authenticate(key);
    if (!workspace) throw new ApiError('INVALID_API_KEY');
    req.workspace = workspace;
    if (workspace.suspended) throw new ApiError('WORKSPACE_SUSPENDED');
    const decision = await this.rateLimit.take(workspace.keyId);
    req.rateLimits = await this.quotas(workspace, decision);
    context.switchToHttp().getResponse<Response>().set(rateLimitHeaders(req.rateLimits));
    if (!decision.allowed) throw new ApiError('RATE_LIMITED', { headers: { 'Retry-After': String(decision.resetSeconds) } });
    return true;
  }

  private async quotas(workspace: AuthenticatedWorkspace, decision: RateDecision): Promise<RateLimitQuota[]> {
    const limit = workspace.keyMode === 'test' ? workspace.testLimit : workspace.monthlyLimit;
    const { remaining } = await this.usage.snapshot(workspace.id, limit, undefined, workspace.keyMode);
    return [monthQuota(limit, remaining), ...(this.rateLimit.limit > 0 ? [keyQuota(this.rateLimit.limit, decision)] : [])];
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
