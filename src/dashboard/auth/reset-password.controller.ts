import { Body, Controller, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountsService } from '../../accounts/accounts.service';
import { ForgotPasswordService } from '../../accounts/forgot-password.service';
import { PasswordResetsService } from '../../accounts/password-resets.service';
import { PASSWORD_MIN_LENGTH } from '../../accounts/passwords';
import { originOf } from '../../audit/acting-as';
import { ApiError } from '../../common/errors/api-error';
import { FormCsrfGuard } from '../http/csrf';
import { HOME_PATH, SIGN_IN_PATH } from '../http/dashboard-paths';
import { FormBody, formField } from '../http/form-body.middleware';
import { ViewRenderer } from '../view-renderer';
import { formErrorOf, FormErrors, NO_FORM_ERRORS, toFormErrors } from './form-errors';
import { PasswordsOnGuard } from './oidc/passwords-on.guard';
import { SessionCookie } from './session-cookie';

/**
 * A reset link's page (DECISIONS section 16): the person chooses a new password; every session of
 * theirs ends, and this browser is signed in afresh (in the link's workspace while still a member of it).
 */
@ApiExcludeController()
@Controller('dashboard/reset-password')
@UseGuards(FormCsrfGuard)
export class ResetPasswordController {
  constructor(
    private readonly resets: PasswordResetsService,
    private readonly accounts: AccountsService,
    private readonly sessionCookie: SessionCookie,
    private readonly views: ViewRenderer,
    private readonly forgotPassword: ForgotPasswordService,
  ) {}

  @Get(':token')
  async page(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const link = await this.describe(token);
    if (!link) return this.renderInvalid(res);
    await this.render(res, token, link.email, NO_FORM_ERRORS);
  }

  @Post(':token')
  @UseGuards(PasswordsOnGuard)
  async reset(@Param('token') token: string, @Body() body: FormBody, @Req() req: Request, @Res() res: Response): Promise<void> {
    const link = await this.describe(token);
    if (!link) return this.renderInvalid(res);
    const password = formField(body, 'password');
    if (password.length >= PASSWORD_MIN_LENGTH && password !== formField(body, 'confirm')) return this.render(res, token, link.email, formErrorOf('PASSWORD_MISMATCH', 'confirm'));
    let done: { userId: string; workspaceId: string | null };
    try {
      const { ip, requestId } = originOf(req, { type: 'user' });
      done = await this.resets.reset(token, password, { ip, requestId });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_RESET_LINK') return this.renderInvalid(res);
      return this.render(res, token, link.email, toFormErrors(error, { PASSWORD_TOO_SHORT: 'password', INVALID_REQUEST: 'password' }));
    }
    const memberships = await this.accounts.memberships(done.userId);
    const workspace = memberships.find((m) => m.workspaceId === done.workspaceId) ?? memberships[0];
    if (!workspace) return res.redirect(303, SIGN_IN_PATH);
    await this.sessionCookie.start(req, res, done.userId, workspace.workspaceId);
    res.redirect(303, HOME_PATH);
  }

  private async describe(token: string): Promise<{ email: string } | null> {
    try {
      return await this.resets.describe(token);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_RESET_LINK') return null;
      throw error;
    }
  }

  private render(res: Response, token: string, email: string, errors: FormErrors): Promise<void> {
    return this.views.render(res, 'auth/reset-password', { title: 'Choose a new password', token, email, errors }, errors.status);
  }

  private renderInvalid(res: Response): Promise<void> {
    const error = new ApiError('INVALID_RESET_LINK');
    const vars = {
      title: 'This reset link cannot be used',
      status: error.status,
      message: error.message,
      hint: this.forgotPassword.enabled
        ? 'Reset links work once and for 1 hour. Ask for a new one with "Forgot password?" on the sign-in page, or ask an owner of your workspace.'
        : 'Reset links work once and for 1 hour. Ask an owner of your workspace for a new one.',
      signInNeeded: true,
    };
    return this.views.render(res, 'pages/error', vars, error.status);
  }
}
