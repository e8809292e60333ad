import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountsService, InviteDescription, UserView } from '../../accounts/accounts.service';
import { ForgotPasswordService } from '../../accounts/forgot-password.service';
import { PASSWORD_MIN_LENGTH } from '../../accounts/passwords';
import { ApiError } from '../../common/errors/api-error';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { FormCsrfGuard } from '../http/csrf';
import { HOME_PATH, safeNext } from '../http/dashboard-paths';
import { FormBody, formField } from '../http/form-body.middleware';
import { ViewRenderer } from '../view-renderer';
import { formErrorOf, FormErrors, NO_FORM_ERRORS, toFormErrors } from './form-errors';
import { PasswordsOnGuard } from './oidc/passwords-on.guard';
import { signInChoices } from './oidc/sign-in-choices';
import { SessionCookie } from './session-cookie';
import { SignInAudit } from './sign-in-audit';

/** The pages before a session: sign-in, invite acceptance, and sign-up when DASHBOARD_SIGNUP is on. */
@ApiExcludeController()
@Controller('dashboard')
@UseGuards(FormCsrfGuard)
export class SignInController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sessionCookie: SessionCookie,
    private readonly signIns: SignInAudit,
    private readonly views: ViewRenderer,
    private readonly forgotPassword: ForgotPasswordService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sign-in')
  async signInPage(@Query('next') next: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (await this.sessionCookie.isSignedIn(req)) return res.redirect(303, safeNext(next));
    await this.renderSignIn(res, '', safeNext(next), NO_FORM_ERRORS);
  }

  @Post('sign-in')
  @UseGuards(PasswordsOnGuard)
  async signIn(@Body() body: FormBody, @Req() req: Request, @Res() res: Response): Promise<void> {
    const email = formField(body, 'email').trim();
    const next = safeNext(formField(body, 'next'));
    let user: UserView;
    try {
      user = await this.accounts.signIn(email, formField(body, 'password'));
    } catch (error) {
      if (isRefusedSignIn(error)) await this.signIns.failed(req, email);
      const errors = toFormErrors(error, { INVALID_CREDENTIALS: '', SIGN_IN_LOCKED: '', INVALID_REQUEST: '' });
      if (error instanceof ApiError && typeof error.extra.retryAfterSeconds === 'number') res.setHeader('Retry-After', String(error.extra.retryAfterSeconds));
      return this.renderSignIn(res, email, next, errors);
    }
    const [first] = await this.accounts.memberships(user.id);
    if (!first) return this.renderSignIn(res, email, next, formErrorOf('NO_WORKSPACE', ''));
    await this.sessionCookie.start(req, res, user.id, first.workspaceId);
    res.redirect(303, next);
  }

  @Get('invite/:token')
  async invitePage(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const invite = await this.describeInvite(token);
    if (!invite) return this.renderInvalidInvite(res);
    await this.renderInvite(res, token, invite, '', NO_FORM_ERRORS);
  }

  @Post('invite/:token')
  @UseGuards(PasswordsOnGuard)
  async acceptInvite(@Param('token') token: string, @Body() body: FormBody, @Req() req: Request, @Res() res: Response): Promise<void> {
    const invite = await this.describeInvite(token);
    if (!invite) return this.renderInvalidInvite(res);
    const email = invite.email ?? formField(body, 'email').trim();
    const password = formField(body, 'password');
    if (!invite.accountExists && password.length >= PASSWORD_MIN_LENGTH && password !== formField(body, 'confirm')) {
      return this.renderInvite(res, token, invite, email, formErrorOf('PASSWORD_MISMATCH', 'confirm'));
    }
    let user: UserView;
    try {
      user = await this.accounts.acceptInvite(token, password, invite.email === null ? email : undefined);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_INVITE') return this.renderInvalidInvite(res);
      // An invite to someone with an account asks for their password: a wrong one is a failed sign-in too.
      if (isRefusedSignIn(error)) await this.signIns.failed(req, email);
      const errors = toFormErrors(error, {
        PASSWORD_TOO_SHORT: 'password',
        INVALID_CREDENTIALS: 'password',
        SIGN_IN_LOCKED: '',
        INVALID_REQUEST: 'email',
        EMAIL_TAKEN: 'email',
      });
      return this.renderInvite(res, token, invite, email, errors);
    }
    await this.sessionCookie.start(req, res, user.id, invite.workspaceId);
    res.redirect(303, HOME_PATH);
  }

  @Get('sign-up')
  @UseGuards(PasswordsOnGuard)
  async signUpPage(@Res() res: Response): Promise<void> {
    this.requireSignUp();
    await this.renderSignUp(res, '', NO_FORM_ERRORS);
  }

  @Post('sign-up')
  @UseGuards(PasswordsOnGuard)
  async signUp(@Body() body: FormBody, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.requireSignUp();
    const email = formField(body, 'email').trim();
    const password = formField(body, 'password');
    if (password.length >= PASSWORD_MIN_LENGTH && password !== formField(body, 'confirm')) return this.renderSignUp(res, email, formErrorOf('PASSWORD_MISMATCH', 'confirm'));
    let created: { user: UserView; workspaceId: string };
    try {
      created = await this.accounts.signUp(email, password);
    } catch (error) {
      return this.renderSignUp(res, email, toFormErrors(error, { EMAIL_TAKEN: 'email', INVALID_REQUEST: 'email', PASSWORD_TOO_SHORT: 'password' }));
    }
    await this.sessionCookie.start(req, res, created.user.id, created.workspaceId);
    res.redirect(303, HOME_PATH);
  }

  private requireSignUp(): void {
    if (!this.config.dashboardSignup) throw new ApiError('NOT_FOUND');
  }

  private async describeInvite(token: string): Promise<InviteDescription | null> {
    try {
      return await this.accounts.describeInvite(token);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_INVITE') return null;
      throw error;
    }
  }

  private renderSignIn(res: Response, email: string, next: string, errors: FormErrors): Promise<void> {
    const vars = { title: 'Sign in', email, next: next === HOME_PATH ? '' : next, errors, signUp: this.config.dashboardSignup && this.config.dashboardPasswords, ...signInChoices(this.config), forgotPassword: this.forgotPassword.enabled };
    return this.views.render(res, 'auth/sign-in', vars, errors.status);
  }

  private renderInvite(res: Response, token: string, invite: InviteDescription, email: string, errors: FormErrors): Promise<void> {
    const vars = { title: `Join ${invite.workspaceName}`, token, invite, email, errors, ...signInChoices(this.config), forgotPassword: this.forgotPassword.enabled };
    return this.views.render(res, 'auth/invite', vars, errors.status);
  }

  private renderInvalidInvite(res: Response): Promise<void> {
    const error = new ApiError('INVALID_INVITE');
    const vars = {
      title: 'This invite cannot be used',
      status: error.status,
      message: error.message,
      hint: 'Ask the person who invited you for a new link. If you have already set your password, sign in.',
      signInNeeded: true,
    };
    return this.views.render(res, 'pages/error', vars, error.status);
  }

  private renderSignUp(res: Response, email: string, errors: FormErrors): Promise<void> {
    return this.views.render(res, 'auth/sign-up', { title: 'Create your account', email, errors }, errors.status);
  }
}

/** A password refused, or refused unchecked during a lock-out. */
function isRefusedSignIn(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'INVALID_CREDENTIALS' || error.code === 'SIGN_IN_LOCKED');
}
