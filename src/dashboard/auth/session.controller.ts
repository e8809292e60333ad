import { Body, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountsService } from '../../accounts/accounts.service';
import { SessionsService } from '../../accounts/sessions.service';
import { ApiError } from '../../common/errors/api-error';
import { HOME_PATH, SIGN_IN_PATH } from '../http/dashboard-paths';
import { FormBody, formField } from '../http/form-body.middleware';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { SessionCookie } from './session-cookie';

/** What a signed-in user does with the session itself: land on the overview, switch workspace, sign out. */
@DashboardPage('')
export class SessionController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly sessionCookie: SessionCookie,
  ) {}

  @Get()
  home(@Res() res: Response): void {
    res.redirect(303, HOME_PATH);
  }

  @Post('sign-out')
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.sessionCookie.end(req, res);
    res.redirect(303, SIGN_IN_PATH);
  }

  @Post('workspace')
  async switchWorkspace(@Dashboard() ctx: DashboardContext, @Body() body: FormBody, @Res() res: Response): Promise<void> {
    const workspaceId = formField(body, 'workspaceId');
    const role = workspaceId === '' ? null : await this.accounts.roleIn(ctx.user.id, workspaceId);
    if (!role) throw new ApiError('WORKSPACE_NOT_FOUND', { params: { id: workspaceId } });
    await this.sessions.switchWorkspace(ctx.sessionToken, workspaceId);
    res.redirect(303, HOME_PATH);
  }
}
