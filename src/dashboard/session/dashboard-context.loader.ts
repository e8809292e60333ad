import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccountsService } from '../../accounts/accounts.service';
import { SESSION_COOKIE, SessionsService } from '../../accounts/sessions.service';
import { WorkspacesService } from '../../workspaces/workspaces.service';
import { readCookie } from '../http/cookies';
import type { DashboardContext } from './dashboard-context';

/**
 * The signed-in context of a request from its session cookie: null without a live session, or when
 * its user is no longer a member of the session's workspace (or the workspace is gone).
 */
@Injectable()
export class DashboardContextLoader {
  constructor(
    private readonly sessions: SessionsService,
    private readonly accounts: AccountsService,
    private readonly workspaces: WorkspacesService,
  ) {}

  async load(req: Request): Promise<DashboardContext | null> {
    const token = readCookie(req, SESSION_COOKIE);
    const session = token ? await this.sessions.resolve(token) : null;
    if (!token || !session) return null;
    const [role, memberships, workspace] = await Promise.all([
      this.accounts.roleIn(session.userId, session.workspaceId),
      this.accounts.memberships(session.userId),
      this.workspaces.get(session.workspaceId).catch(() => null),
    ]);
    if (!role || !workspace) return null;
    return {
      user: { id: session.userId, email: session.email },
      workspace: await this.workspaces.view(workspace, true),
      role,
      isOwner: role === 'owner',
      memberships,
      csrfToken: session.csrfToken,
      sessionToken: token,
    };
  }
}
