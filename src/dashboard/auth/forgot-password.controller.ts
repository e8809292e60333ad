import { Body, Controller, Get, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ForgotPasswordService } from '../../accounts/forgot-password.service';
import { ApiError } from '../../common/errors/api-error';
import { FormCsrfGuard } from '../http/csrf';
import { FormBody, formField } from '../http/form-body.middleware';
import { ViewRenderer } from '../view-renderer';
import { FormErrors, NO_FORM_ERRORS, toFormErrors } from './form-errors';

const SENT_PATH = '/dashboard/forgot-password/sent';

/**
 * "Forgot password" (DECISIONS section 16), only with SMTP_URL (404 without): the person gives an
 * email and always reads the same answer, "Check your email", whether or not an account has it.
 */
@ApiExcludeController()
@Controller('dashboard/forgot-password')
@UseGuards(FormCsrfGuard)
export class ForgotPasswordController {
  constructor(
    private readonly forgotPassword: ForgotPasswordService,
    private readonly views: ViewRenderer,
  ) {}

  @Get()
  async page(@Res() res: Response): Promise<void> {
    this.requireEnabled();
    await this.render(res, '', NO_FORM_ERRORS);
  }

  @Post()
  async request(@Body() body: FormBody, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.requireEnabled();
    const email = formField(body, 'email').trim();
    try {
      this.forgotPassword.request(email, req.ip ?? '');
    } catch (error) {
      if (error instanceof ApiError && typeof error.extra.retryAfterSeconds === 'number') res.setHeader('Retry-After', String(error.extra.retryAfterSeconds));
      return this.render(res, email, toFormErrors(error, { INVALID_REQUEST: 'email', RESET_REQUESTS_LIMITED: '' }));
    }
    // After the POST, a page a reload does not send again.
    res.redirect(303, SENT_PATH);
  }

  @Get('sent')
  async sent(@Res() res: Response): Promise<void> {
    this.requireEnabled();
    await this.views.render(res, 'auth/forgot-password-sent', { title: 'Check your email' });
  }

  private requireEnabled(): void {
    if (!this.forgotPassword.enabled) throw new ApiError('NOT_FOUND');
  }

  private render(res: Response, email: string, errors: FormErrors): Promise<void> {
    return this.views.render(res, 'auth/forgot-password', { title: 'Forgot your password?', email, errors }, errors.status);
  }
}
