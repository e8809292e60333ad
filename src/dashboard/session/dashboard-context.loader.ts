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
    const [memberships, workspace] = await Promise.all([
      this.accounts.memberships(session.userId),
      this.workspaces.get(session.workspaceId).catch(() => null),
    ]);
    const role = memberships.find((membership) => membership.workspaceId === session.workspaceId)?.role;
    if (!role || !workspace) return null;
    return {
      user: { id: session.userId, email: session.email },
      // Usage is the overview's alone: it loads it (two queries) rather than every request.
      workspace: await this.workspaces.view(workspace),
      role,
      isOwner: role === 'owner',
      memberships,
      csrfToken: session.csrfToken,
      sessionToken: token,
    };
  }
}
