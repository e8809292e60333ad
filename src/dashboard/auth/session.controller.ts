import { Body, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SessionsService } from '../../accounts/sessions.service';
import { HOME_PATH, SIGN_IN_PATH } from '../http/dashboard-paths';
import { FormBody, formField } from '../http/form-body.middleware';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { SessionCookie } from './session-cookie';

/** What a signed-in user does with the session itself: land on the overview, switch workspace, sign out. */
@DashboardPage('')
export class SessionController {
  constructor(
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
    // 404 WORKSPACE_NOT_FOUND for a workspace the user is not a member of (an empty id included).
    await this.sessions.switchWorkspace(ctx.sessionToken, formField(body, 'workspaceId'));
    res.redirect(303, HOME_PATH);
  }
}
