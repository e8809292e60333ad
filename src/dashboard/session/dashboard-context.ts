import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { MembershipView } from '../../accounts/accounts.service';
import type { Role } from '../../accounts/roles';
import { ApiError } from '../../common/errors/api-error';
import type { WorkspaceView } from '../../workspaces/workspaces.service';

/** Who is signed in and where: set on `req.dashboard` by DashboardSessionGuard, read by pages and the layout. */
export interface DashboardContext {
  user: { id: string; email: string };
  /** The session's current workspace (without usage: the overview loads that). */
  workspace: WorkspaceView;
  role: Role;
  isOwner: boolean;
  /** Every workspace of the user, sorted by name (the switcher). */
  memberships: MembershipView[];
  /** The value every state-changing form sends as `_csrf` (or the X-CSRF-Token header). */
  csrfToken: string;
  sessionToken: string;
}

declare global {
  namespace Express {
    interface Request {
      /** Set by DashboardSessionGuard on the dashboard's signed-in pages. */
      dashboard?: DashboardContext;
      /** The double-submit token of the forms shown before sign-in (FormCsrfGuard). */
      formCsrfToken?: string;
    }
  }
}

/** The signed-in user's context in a handler of a `@DashboardPage()` controller. */
export const Dashboard = createParamDecorator((_data: unknown, ctx: ExecutionContext): DashboardContext => {
  const context = ctx.switchToHttp().getRequest<Request>().dashboard;
  if (!context) throw new ApiError('SESSION_REQUIRED');
  return context;
});
