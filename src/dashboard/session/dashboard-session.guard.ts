import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../../common/errors/api-error';
import { isSafeMethod, sentCsrfToken, tokensMatch } from '../http/csrf';
import { DashboardContextLoader } from './dashboard-context.loader';

/**
 * The signed-in pages: the session cookie must name a live session whose user is still a member
 * of its workspace, and a state-changing request must carry the session's CSRF token. Sets
 * `req.dashboard`. Without a session: SESSION_REQUIRED (a GET is redirected to the sign-in page).
 */
@Injectable()
export class DashboardSessionGuard implements CanActivate {
  constructor(private readonly contexts: DashboardContextLoader) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const dashboard = await this.contexts.load(req);
    if (!dashboard) throw new ApiError('SESSION_REQUIRED');
    if (!isSafeMethod(req.method) && !tokensMatch(sentCsrfToken(req), dashboard.csrfToken)) throw new ApiError('CSRF_REJECTED');
    req.dashboard = dashboard;
    return true;
  }
}
