import { ActingAs } from '../../audit/acting-as';
import type { AuditOrigin } from '../../audit/audit-entry';
import { Body, Get, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../../common/errors/api-error';
import { PutSigningCertificateDto } from '../../signatures/dto/signing-certificate.dto';
import { SigningCertificates, SigningCertificateView } from '../../signatures/signing-certificates.service';
import { FormBody, formField } from '../http/form-body.middleware';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { OwnerOnly } from '../session/owner-only.guard';
import { ViewRenderer } from '../view-renderer';
import { isConfirmed, renderConfirmStep } from './confirm-step';
import { checkForm } from './form-dto';
import { dateTime } from './format';

const SIGNING_PATH = '/dashboard/signing';

/**
 * The workspace's signing certificate (DECISIONS section 15): its subject, issuer and expiry;
 * owners upload one (the operator API's rules and messages) or remove it. The file comes as
 * base64 in a urlencoded form: the page's script reads the chosen file into the field, and
 * without a script it is pasted (`base64 -w0 file.p12`).
 */
@DashboardPage('signing')
export class SigningPageController {
  constructor(
    private readonly certificates: SigningCertificates,
    private readonly views: ViewRenderer,
  ) {}

  @Get()
  async page(@Dashboard() ctx: DashboardContext, @Query('done') done: unknown, @Res() res: Response): Promise<void> {
    await this.render(res, ctx, { done: done === 'stored' || done === 'removed' ? done : '' });
  }

  @Post()
  @OwnerOnly()
  async upload(@Dashboard() ctx: DashboardContext, @Body() body: FormBody, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    // Pasted base64 may come wrapped in lines.
    const checked = await checkForm(PutSigningCertificateDto, { p12: formField(body, 'p12').replace(/\s+/g, ''), password: formField(body, 'password') });
    if (!checked.ok) return this.render(res, ctx, { errors: checked.fields }, 400);
    try {
      await this.certificates.put(ctx.workspace.id, checked.value.p12, checked.value.password, by);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'INVALID_REQUEST') throw error;
      return this.render(res, ctx, { errors: { p12: (error.extra.validationErrors as string[])[0] } }, 400);
    }
    res.redirect(303, `${SIGNING_PATH}?done=stored`);
  }

  @Post('remove')
  @OwnerOnly()
  async remove(@Dashboard() ctx: DashboardContext, @Body() body: FormBody, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    if (!isConfirmed(body)) {
      return renderConfirmStep(this.views, res, {
        nav: 'signing',
        question: 'Remove the signing certificate?',
        detail: 'Requests that ask for a signature are refused until another is uploaded.',
        action: `${SIGNING_PATH}/remove`,
        label: 'Remove certificate',
        back: SIGNING_PATH,
      });
    }
    await this.certificates.remove(ctx.workspace.id, by);
    res.redirect(303, `${SIGNING_PATH}?done=removed`);
  }

  private async render(res: Response, ctx: DashboardContext, state: { done?: string; errors?: Record<string, string> }, status = 200): Promise<void> {
    const certificate = await this.certificates.view(ctx.workspace.id);
    await this.views.render(
      res,
      'pages/signing',
      { title: 'Signing', nav: 'signing', certificate: certificate && shown(certificate), done: state.done ?? '', errors: state.errors ?? {} },
      status,
    );
  }
}

function shown(certificate: SigningCertificateView) {
  return { ...certificate, expires: dateTime(certificate.expiresAt), expired: Date.parse(certificate.expiresAt) <= Date.now() };
}
