import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiError } from '../../../common/errors/api-error';
import type { ErrorCode } from '../../../common/errors/error-catalogue';
import { JsonLogger } from '../../../common/logging/json-logger';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { OidcConfig, SSO_CALLBACK_PATH } from '../../../config/oidc-config';
import { safeNext } from '../../http/dashboard-paths';
import { ViewRenderer } from '../../view-renderer';
import { SessionCookie } from '../session-cookie';
import { SignInAudit } from '../sign-in-audit';
import { OpenIdProvider, VerifiedIdentity } from './openid-provider';
import { keepAttempt, SsoAttempt, takeAttempt } from './sso-attempt-cookie';
import { SsoMembers } from './sso-members';

/** Refusals shown on the refusal page and recorded as failed sign-ins; any other error is the usual error page. */
const REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['SSO_FAILED', 'SSO_EMAIL_UNVERIFIED', 'SSO_NOT_INVITED', 'SSO_INVITE_OTHER_EMAIL', 'INVALID_INVITE']);

/**
 * Sign-in by OpenID Connect (DECISIONS section 16), when OIDC_* are set: the sign-in and invite
 * pages link here, the browser goes to the provider and comes back to the callback.
 */
@ApiExcludeController()
@Controller('dashboard/sso')
export class SsoController {
  private readonly secure: boolean;

  constructor(
    private readonly provider: OpenIdProvider,
    private readonly members: SsoMembers,
    private readonly sessionCookie: SessionCookie,
    private readonly signIns: SignInAudit,
    private readonly views: ViewRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {
    this.secure = config.publicUrl.startsWith('https:');
  }

  /**
   * A link on the sign-in and invite pages (a form's redirect to the provider would break the CSP's
   * form-action 'self'). Another site sending a browser here only starts that browser's own attempt.
   */
  @Get()
  async start(@Query('next') next: unknown, @Query('invite') invite: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const oidc = this.oidc;
    let started: Awaited<ReturnType<OpenIdProvider['startAttempt']>>;
    try {
      started = await this.provider.startAttempt(this.redirectUri(oidc, req));
    } catch (error) {
      // Discovery failed: the provider is down or OIDC_ISSUER names no provider.
      this.logger.error('single sign-on: the provider cannot be reached', { issuer: oidc.issuer, error: String(error) });
      return this.renderRefusal(res, new ApiError('SSO_PROVIDER_UNAVAILABLE'));
    }
    const { url, checks } = started;
    const attempt: SsoAttempt = { checks, next: safeNext(next), ...(typeof invite === 'string' && invite !== '' ? { invite } : {}) };
    keepAttempt(res, attempt, this.secure);
    res.redirect(303, url.href);
  }

  @Get('callback')
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const oidc = this.oidc;
    const attempt = takeAttempt(req, res, this.secure);
    let email = '';
    try {
      if (!attempt) throw new ApiError('SSO_FAILED', { params: { reason: 'this browser has no sign-in under way (it expired, or began in another browser)' } });
      const identity = await this.verify(this.redirectUri(oidc, req), req, attempt);
      email = this.members.emailOf(identity);
      this.members.requireVerified(identity, email);
      const member = attempt.invite ? await this.members.acceptInvite(attempt.invite, email) : await this.members.member(email);
      await this.sessionCookie.start(req, res, member.userId, member.workspaceId, 'sso');
      res.redirect(303, attempt.next);
    } catch (error) {
      if (!(error instanceof ApiError) || !REFUSALS.has(error.code)) throw error;
      // For the operator setting up a provider: the page says the same, the log keeps it with the request id.
      this.logger.warn('single sign-on refused', { requestId: req.requestId, code: error.code, message: error.message });
      await this.signIns.failed(req, email, 'sso');
      await this.renderRefusal(res, error);
    }
  }

  /** The provider's answer checked (state, code with PKCE, ID token); any failure is 400 SSO_FAILED naming it. */
  private async verify(redirectUri: string, req: Request, attempt: SsoAttempt): Promise<VerifiedIdentity> {
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = new URL(req.originalUrl, 'http://callback.invalid').search;
    try {
      return await this.provider.finishAttempt(callbackUrl, redirectUri, attempt.checks);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError('SSO_FAILED', { params: { reason: reason.slice(0, 300) }, cause: error });
    }
  }

  /** From PUBLIC_URL when it is set, else from the request's own origin. */
  private redirectUri(oidc: OidcConfig, req: Request): string {
    return oidc.redirectUri ?? `${req.protocol}://${req.get('host')}${SSO_CALLBACK_PATH}`;
  }

  /** The settings; without them there is no single sign-on here (404). */
  private get oidc(): OidcConfig {
    if (!this.config.oidc) throw new ApiError('NOT_FOUND');
    return this.config.oidc;
  }

  private renderRefusal(res: Response, error: ApiError): Promise<void> {
    const vars = {
      title: 'Single sign-on refused',
      status: error.status,
      message: error.message,
      hint: error.code === 'SSO_FAILED' || error.code === 'SSO_PROVIDER_UNAVAILABLE' ? 'Nothing was signed in. Try again from the sign-in page.' : 'No account was created or signed in.',
      signInNeeded: true,
    };
    return this.views.render(res, 'pages/error', vars, error.status);
  }
}
