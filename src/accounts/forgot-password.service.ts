import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/errors/api-error';
import { JsonLogger } from '../common/logging/json-logger';
import { resetEmail } from '../mail/account-emails';
import { Mailer } from '../mail/mailer';
import { requireEmail } from './account-fields';
import { AccountsService } from './accounts.service';
import { Clock } from './clock';
import { PasswordResetsService } from './password-resets.service';
import { SlidingWindow } from './sliding-window';

const MINUTE = 60_000;

/**
 * "Forgot password" with SMTP_URL (DECISIONS section 16): a reset link sent to the address asked
 * for, when an account has it. The answer is the same, and as fast, whether or not one does: the
 * link is made and mailed after the request has answered. Throttled per email (a few mails an hour,
 * beyond which requests are quietly ignored, so a mailbox cannot be flooded) and per client IP
 * (429, so one client cannot probe or flood many addresses).
 */
@Injectable()
export class ForgotPasswordService {
  private readonly perEmail = new SlidingWindow(3, 60 * MINUTE);
  private readonly perIp = new SlidingWindow(10, 15 * MINUTE);

  constructor(
    private readonly resets: PasswordResetsService,
    private readonly accounts: AccountsService,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
  ) {}

  get enabled(): boolean {
    return this.mailer.enabled;
  }

  /** 404 without SMTP_URL, 400 naming `email` for something that is not an address, 429 RESET_REQUESTS_LIMITED from a busy IP. */
  request(email: string, ip: string): void {
    if (!this.enabled) throw new ApiError('NOT_FOUND');
    const address = requireEmail(email);
    const now = this.clock.now();
    const waitMs = this.perIp.take(ip, now);
    if (waitMs > 0) {
      const retryAfterSeconds = Math.ceil(waitMs / 1000);
      throw new ApiError('RESET_REQUESTS_LIMITED', { extra: { retryAfterSeconds }, headers: { 'Retry-After': String(retryAfterSeconds) } });
    }
    if (this.perEmail.take(address, now) > 0) return;
    void this.sendLink(address).catch((error: unknown) => this.logger.error('could not send a password reset email', { error: String(error) }));
  }

  private async sendLink(address: string): Promise<void> {
    const link = await this.resets.issueToSelf(address);
    if (!link) return;
    const workspaceNames = (await this.accounts.memberships(link.userId)).map((m) => m.workspaceName);
    await this.mailer.send(resetEmail({ to: address, resetUrl: link.resetUrl, expiresAt: new Date(link.expiresAt), workspaceNames }));
  }
}
