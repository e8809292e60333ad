import { Injectable } from '@nestjs/common';
import { JsonLogger } from '../common/logging/json-logger';
import { inviteEmail } from '../mail/account-emails';
import { Mailer } from '../mail/mailer';
import { WorkspacesService } from '../workspaces/workspaces.service';
import type { InvitedMember } from './accounts.service';
import { Clock } from './clock';
import { INVITE_TTL_MS } from './invite-tokens';

/** What became of an invite's email: not tried without SMTP_URL, sent, or refused by the mail server (the link still works). */
export type InviteEmailOutcome = 'off' | 'sent' | 'failed';

/** Invites sent by email when SMTP_URL is set (DECISIONS section 16), for owners and the operator alike. */
@Injectable()
export class InviteEmailsService {
  constructor(
    private readonly mailer: Mailer,
    private readonly workspaces: WorkspacesService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
  ) {}

  get enabled(): boolean {
    return this.mailer.enabled;
  }

  /** Mails the invite link to the invitee; `invitedBy` is the inviting owner's email, null for the operator. Never throws. */
  async send(workspaceId: string, invited: InvitedMember, invitedBy: string | null): Promise<InviteEmailOutcome> {
    if (!this.mailer.enabled) return 'off';
    try {
      const workspace = await this.workspaces.get(workspaceId);
      // The link was made a moment ago: its expiry is this close.
      const expiresAt = new Date(this.clock.now() + INVITE_TTL_MS);
      await this.mailer.send(inviteEmail({ to: invited.email, workspaceName: workspace.name, role: invited.role, inviteUrl: invited.inviteUrl, expiresAt, invitedBy }));
      return 'sent';
    } catch (error) {
      this.logger.error('could not send an invite email', { workspaceId, error: String(error) });
      return 'failed';
    }
  }
}
