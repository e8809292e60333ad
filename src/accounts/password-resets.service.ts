import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuditActor, AuditOrigin } from '../audit/audit-entry';
import { AuditLog } from '../audit/audit-log.service';
import { ApiError } from '../common/errors/api-error';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { atomically, executeStatement, sql } from '../jobs/sql-script';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { requireNewPassword } from './account-fields';
import { AccountsService } from './accounts.service';
import { Clock } from './clock';
import { digestToken, looksLikeSecretToken, newSecretToken } from './invite-tokens';
import { hashPassword } from './passwords';

/** A reset link is valid 1 hour (DECISIONS section 16). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export interface ResetLink {
  resetUrl: string;
  /** ISO 8601, UTC. */
  expiresAt: string;
}

export function resetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/dashboard/reset-password/${token}`;
}

/** Where the request came from, without the actor (the actor of a reset is who made the link). */
export type RequestOrigin = Omit<AuditOrigin, 'actor'>;

/**
 * Passwords after sign-up (DECISIONS section 16): reset links that owners and the operator make
 * (single use, 1 hour, only their SHA-256 kept, like invites), and a signed-in person changing
 * theirs. Every reset ends the person's other sessions: all of them after a link, all but the
 * current one after a change. Both are `user.password_reset` in the audit log; a link's reset is
 * recorded with the link's maker as the actor, since the link is their authority (the person
 * themselves for a link they asked for by email: their mailbox proved who they are).
 */
@Injectable()
export class PasswordResetsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workspaces: WorkspacesService,
    private readonly accounts: AccountsService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'publicUrl'>,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /**
   * A fresh reset link for a member of `workspaceId` (404 WORKSPACE_NOT_FOUND, 404 MEMBER_NOT_FOUND);
   * their earlier unused links stop working.
   */
  async issue(workspaceId: string, userId: string, by: AuditOrigin): Promise<ResetLink> {
    await this.workspaces.get(workspaceId);
    const token = newSecretToken();
    const now = this.clock.now();
    const expiresAt = now + RESET_LINK_TTL_MS;
    await atomically(this.dataSource, function* () {
      const member = (yield sql('SELECT 1 AS one FROM memberships WHERE workspace_id = ? AND user_id = ?', workspaceId, userId)).rows[0];
      if (!member) throw new ApiError('MEMBER_NOT_FOUND', { params: { id: userId } });
      yield sql('DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL', userId);
      yield sql(
        'INSERT INTO password_resets (token_digest, user_id, workspace_id, issued_by_type, issued_by_id, expires_at, used_at, created_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)',
        digestToken(token),
        userId,
        workspaceId,
        by.actor.type,
        by.actor.id ?? null,
        expiresAt,
        now,
      );
    });
    return { resetUrl: resetUrl(this.config.publicUrl, token), expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * "Forgot password" (DECISIONS section 16): a fresh link for the account `address` names, made by
   * the person themselves and tied to no workspace; null when no account with a password has that
   * email (the caller answers the same either way). Their earlier unused links stop working.
   */
  async issueToSelf(address: string): Promise<(ResetLink & { userId: string }) | null> {
    const token = newSecretToken();
    const now = this.clock.now();
    const expiresAt = now + RESET_LINK_TTL_MS;
    const userId = await atomically(this.dataSource, function* () {
      const user = (yield sql('SELECT id FROM users WHERE email = ? AND password_hash IS NOT NULL', address)).rows[0];
      if (!user) return null;
      const id = String(user.id);
      yield sql('DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL', id);
      yield sql(
        "INSERT INTO password_resets (token_digest, user_id, workspace_id, issued_by_type, issued_by_id, expires_at, used_at, created_at) VALUES (?, ?, NULL, 'user', ?, ?, NULL, ?)",
        digestToken(token),
        id,
        id,
        expiresAt,
        now,
      );
      return id;
    });
    if (userId === null) return null;
    return { userId, resetUrl: resetUrl(this.config.publicUrl, token), expiresAt: new Date(expiresAt).toISOString() };
  }

  /** The email a link resets the password of; 400 INVALID_RESET_LINK when it is unknown, expired or used. */
  async describe(token: string): Promise<{ email: string }> {
    if (!looksLikeSecretToken(token)) throw new ApiError('INVALID_RESET_LINK');
    const { rows } = await executeStatement(
      this.dataSource,
      sql('SELECT u.email, r.expires_at, r.used_at FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_digest = ?', digestToken(token)),
    );
    const row = rows[0];
    if (!row || row.used_at !== null || Number(row.expires_at) <= this.clock.now()) throw new ApiError('INVALID_RESET_LINK');
    return { email: String(row.email) };
  }

  /**
   * Uses a link, once: sets the new password and ends every session of the person (400
   * INVALID_RESET_LINK otherwise). Returns the user and the link's workspace (null for a link asked
   * for by email), to sign them in there.
   */
  async reset(token: string, password: string, from: RequestOrigin): Promise<{ userId: string; email: string; workspaceId: string | null }> {
    if (!looksLikeSecretToken(token)) throw new ApiError('INVALID_RESET_LINK');
    const hash = await hashPassword(requireNewPassword(password));
    const digest = digestToken(token);
    const now = this.clock.now();
    const audit = this.audit;
    const link = await atomically(this.dataSource, function* () {
      const claimed = yield sql('UPDATE password_resets SET used_at = ? WHERE token_digest = ? AND used_at IS NULL AND expires_at > ?', now, digest, now);
      if (claimed.changes !== 1) throw new ApiError('INVALID_RESET_LINK');
      const row = (yield sql(
        'SELECT r.user_id, r.workspace_id, r.issued_by_type, r.issued_by_id, u.email FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_digest = ?',
        digest,
      )).rows[0];
      const userId = String(row.user_id);
      yield sql('UPDATE users SET password_hash = ? WHERE id = ?', hash, userId);
      yield sql('DELETE FROM sessions WHERE user_id = ?', userId);
      // A reset ends a lock-out too: the person has just proved who they are another way.
      yield sql('DELETE FROM sign_in_failures WHERE email = ?', row.email);
      const issuedBy: AuditActor = row.issued_by_id === null ? { type: row.issued_by_type as AuditActor['type'] } : { type: row.issued_by_type as AuditActor['type'], id: String(row.issued_by_id) };
      const workspaceId = row.workspace_id === null ? null : String(row.workspace_id);
      // A link asked for by email belongs to no one workspace: each of the person's records the reset.
      const workspaceIds = workspaceId !== null ? [workspaceId] : (yield sql('SELECT workspace_id FROM memberships WHERE user_id = ? AND accepted_at IS NOT NULL', userId)).rows.map((m) => String(m.workspace_id));
      for (const recordedIn of workspaceIds.length > 0 ? workspaceIds : [null]) {
        yield audit.insert({ ...from, actor: issuedBy, action: 'user.password_reset', workspaceId: recordedIn, target: { type: 'user', id: userId } });
      }
      return { userId, email: String(row.email), workspaceId };
    });
    return { userId: link.userId, email: link.email, workspaceId: link.workspaceId };
  }

  /**
   * A signed-in person changes their password: the current one is checked like a sign-in (lock-out,
   * 401 INVALID_CREDENTIALS), then their sessions end except `keepSessionToken`'s.
   */
  async change(userId: string, workspaceId: string, current: string, next: string, keepSessionToken: string, by: AuditOrigin): Promise<void> {
    await this.accounts.checkPasswordOf(userId, current);
    const hash = await hashPassword(requireNewPassword(next));
    const keep = digestToken(keepSessionToken);
    const audit = this.audit;
    await atomically(this.dataSource, function* () {
      yield sql('UPDATE users SET password_hash = ? WHERE id = ?', hash, userId);
      yield sql('DELETE FROM sessions WHERE user_id = ? AND token_digest <> ?', userId, keep);
      yield sql('DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL', userId);
      yield audit.insert({ ...by, action: 'user.password_reset', workspaceId, target: { type: 'user', id: userId } });
    });
  }
}
