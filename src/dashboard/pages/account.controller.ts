import { Body, Get, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PasswordResetsService } from '../../accounts/password-resets.service';
import { PASSWORD_MIN_LENGTH } from '../../accounts/passwords';
import { ActingAs } from '../../audit/acting-as';
import type { AuditOrigin } from '../../audit/audit-entry';
import { formErrorOf, FormErrors, NO_FORM_ERRORS, toFormErrors } from '../auth/form-errors';
import { FormBody, formField } from '../http/form-body.middleware';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { ViewRenderer } from '../view-renderer';

const ACCOUNT_PATH = '/dashboard/account';

/**
 * The signed-in person's account (DECISIONS section 16), for members and owners alike: changing
 * their password (the current one first). Their other sessions end; this one stays.
 */
@DashboardPage('account')
export class AccountPageController {
  constructor(
    private readonly resets: PasswordResetsService,
    private readonly views: ViewRenderer,
  ) {}

  @Get()
  async page(@Dashboard() ctx: DashboardContext, @Query('changed') changed: unknown, @Res() res: Response): Promise<void> {
    await this.render(res, ctx, NO_FORM_ERRORS, changed === '1');
  }

  @Post('password')
  async changePassword(@Dashboard() ctx: DashboardContext, @Body() body: FormBody, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    const next = formField(body, 'password');
    if (next.length >= PASSWORD_MIN_LENGTH && next !== formField(body, 'confirm')) return this.render(res, ctx, formErrorOf('PASSWORD_MISMATCH', 'confirm'));
    try {
      await this.resets.change(ctx.user.id, ctx.workspace.id, formField(body, 'current'), next, ctx.sessionToken, by);
    } catch (error) {
      const errors = toFormErrors(error, { INVALID_CREDENTIALS: 'current', SIGN_IN_LOCKED: '', PASSWORD_TOO_SHORT: 'password', INVALID_REQUEST: 'password' });
      // Only the message: "Invalid email or password" would name a field this form does not have.
      if (errors.fields.current) errors.fields.current = 'This is not your current password';
      return this.render(res, ctx, errors);
    }
    res.redirect(303, `${ACCOUNT_PATH}?changed=1`);
  }

  private render(res: Response, ctx: DashboardContext, errors: FormErrors, changed = false): Promise<void> {
    return this.views.render(res, 'pages/account', { title: 'Account', nav: 'account', email: ctx.user.email, errors, changed }, errors.status);
  }
}
