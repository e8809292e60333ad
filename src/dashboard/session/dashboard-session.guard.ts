import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../../common/errors/api-error';
import { secretsEqual } from '../../auth/api-key';
import { isSafeMethod, sentCsrfToken } from '../http/csrf';
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
    // Set first: the error page of a refused request shows the signed-in layout without loading it again.
    req.dashboard = dashboard;
    if (!isSafeMethod(req.method) && !secretsEqual(sentCsrfToken(req), dashboard.csrfToken)) throw new ApiError('CSRF_REJECTED');
    return true;
  }
}
