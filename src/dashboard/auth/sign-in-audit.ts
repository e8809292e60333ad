import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccountsService } from '../../accounts/accounts.service';
import { originOf } from '../../audit/acting-as';
import type { SignInMethod } from '../../audit/audit-entry';
import { AuditLog } from '../../audit/audit-log.service';
import type { SqlStep } from '../../jobs/sql-script';

/** Sign-ins in the audit log (DECISIONS section 16): who started a session, and refused passwords. */
@Injectable()
export class SignInAudit {
  constructor(
    private readonly accounts: AccountsService,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The entry of a session started: with a password (an invite, a reset link or sign-up included), or
   * by single sign-on. Written in the session's transaction (SessionsService.start).
   */
  signedInEntry(req: Request, userId: string, workspaceId: string, method: SignInMethod): SqlStep {
    return this.audit.insert({ ...originOf(req, { type: 'user', id: userId }), action: 'user.signed_in', workspaceId, target: { type: 'user', id: userId }, method });
  }

  /**
   * A refused sign-in (wrong password or locked out; by single sign-on, an identity refused). The person is not known to be who they claim,
   * so the actor has no id; the target is the email's account, once per workspace of it so that each
   * one's owners see it, or once without a workspace when no account has the email. Neither the email
   * nor the password is kept.
   */
  async failed(req: Request, email: string, method: SignInMethod = 'password'): Promise<void> {
    const account = await this.accounts.accountOf(email);
    const origin = originOf(req, { type: 'user' });
    const target = { type: 'user' as const, id: account?.userId ?? null };
    const workspaceIds = account && account.workspaceIds.length > 0 ? account.workspaceIds : [null];
    for (const workspaceId of workspaceIds) await this.audit.record({ ...origin, action: 'user.sign_in_failed', workspaceId, target, method });
  }
}
