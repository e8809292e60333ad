import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/errors/api-error';
import { atomically, executeStatement, sql, SqlStep } from '../jobs/sql-script';
import { Clock } from './clock';
import { digestToken, looksLikeSecretToken, newSecretToken } from './invite-tokens';
import { openFlash, sealFlash } from './session-flash';

/** The dashboard's session cookie. */
export const SESSION_COOKIE = 'pdfgen_session';

/** A session ends after 12 hours without a request, and 7 days after sign-in whatever happens. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, so browsing costs few writes. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionView {
  userId: string;
  email: string;
  workspaceId: string;
  csrfToken: string;
}

/**
 * Dashboard sessions in the database (replicas share them). The cookie holds a random token;
 * only its SHA-256 is stored, so a copy of the database opens no session. Ending a session
 * deletes its row: the cookie is worth nothing afterwards.
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * A new session of an (accepted) member of `workspaceId` (404 WORKSPACE_NOT_FOUND for anyone else, an
   * invitee included). `recorded`, the sign-in's audit entry, is written in the session's transaction.
   */
  async start(userId: string, workspaceId: string, recorded?: SqlStep): Promise<{ token: string; session: SessionView }> {
    const token = newSecretToken();
    const csrfToken = newSecretToken();
    const now = this.clock.now();
    const email = await atomically(this.dataSource, function* () {
      const member = (yield sql('SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ? AND m.user_id = ? AND m.accepted_at IS NOT NULL', workspaceId, userId)).rows[0];
      if (!member) throw new ApiError('WORKSPACE_NOT_FOUND', { params: { id: workspaceId } });
      yield sql(
        'INSERT INTO sessions (token_digest, user_id, workspace_id, csrf_token, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
        digestToken(token),
        userId,
        workspaceId,
        csrfToken,
        now,
        now,
      );
      if (recorded) yield recorded;
      // Expired sessions of anyone are of no use: sweep them while here.
      yield sql('DELETE FROM sessions WHERE last_seen_at <= ? OR created_at <= ?', now - SESSION_IDLE_MS, now - SESSION_MAX_AGE_MS);
      return String(member.email);
    });
    return { token, session: { userId, email, workspaceId, csrfToken } };
  }

  /** The session behind a cookie's token; null when unknown, ended, idle 12 hours or 7 days old. */
  async resolve(token: string | undefined): Promise<SessionView | null> {
    if (!looksLikeSecretToken(token)) return null;
    const digest = digestToken(token);
    const { rows } = await executeStatement(
      this.dataSource,
      sql(
        `SELECT s.user_id, s.workspace_id, s.csrf_token, s.created_at, s.last_seen_at, u.email
         FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_digest = ?`,
        digest,
      ),
    );
    if (rows.length === 0) return null;
    const row = rows[0];
    const now = this.clock.now();
    const lastSeen = Number(row.last_seen_at);
    if (now - lastSeen >= SESSION_IDLE_MS || now - Number(row.created_at) >= SESSION_MAX_AGE_MS) {
      await executeStatement(this.dataSource, sql('DELETE FROM sessions WHERE token_digest = ?', digest));
      return null;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      await executeStatement(this.dataSource, sql('UPDATE sessions SET last_seen_at = ? WHERE token_digest = ?', now, digest));
    }
    return { userId: String(row.user_id), email: String(row.email), workspaceId: String(row.workspace_id), csrfToken: String(row.csrf_token) };
  }

  /** Moves a session to another workspace of its user: 401 SESSION_REQUIRED without a session, 404 for a workspace they are not a member of. */
  async switchWorkspace(token: string, workspaceId: string): Promise<void> {
    const session = await this.resolve(token);
    if (!session) throw new ApiError('SESSION_REQUIRED');
    const digest = digestToken(token);
    await atomically(this.dataSource, function* () {
      const member = (yield sql('SELECT 1 AS one FROM memberships WHERE workspace_id = ? AND user_id = ? AND accepted_at IS NOT NULL', workspaceId, session.userId)).rows[0];
      if (!member) throw new ApiError('WORKSPACE_NOT_FOUND', { params: { id: workspaceId } });
      yield sql('UPDATE sessions SET workspace_id = ? WHERE token_digest = ?', workspaceId, digest);
    });
  }

  /** Keeps a one-time message for the session's next page (redirect after POST); replaces an unread one. */
  async putFlash(token: string, message: unknown): Promise<void> {
    await executeStatement(this.dataSource, sql('UPDATE sessions SET flash = ? WHERE token_digest = ?', sealFlash(token, message), digestToken(token)));
  }

  /** The session's one-time message, cleared as it is read (a reload shows it no more); null when none. */
  async takeFlash(token: string): Promise<unknown> {
    const digest = digestToken(token);
    // The clear is conditional on the value read, so two simultaneous loads cannot both show it.
    const { rows } = await executeStatement(this.dataSource, sql('SELECT flash FROM sessions WHERE token_digest = ?', digest));
    const sealed = rows[0]?.flash;
    if (typeof sealed !== 'string') return null;
    const { changes } = await executeStatement(this.dataSource, sql('UPDATE sessions SET flash = NULL WHERE token_digest = ? AND flash = ?', digest, sealed));
    return changes === 0 ? null : openFlash(token, sealed);
  }

  /** Signs out: the row is deleted, so the cookie opens nothing from now on, on any replica. */
  async end(token: string): Promise<void> {
    if (!looksLikeSecretToken(token)) return;
    await executeStatement(this.dataSource, sql('DELETE FROM sessions WHERE token_digest = ?', digestToken(token)));
  }
}
