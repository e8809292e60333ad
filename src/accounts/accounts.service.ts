import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuditOrigin } from '../audit/audit-entry';
import { AuditLog } from '../audit/audit-log.service';
import { ApiError } from '../common/errors/api-error';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { atomically, executeStatement, sql, SqlScript } from '../jobs/sql-script';
import { NAME_MAX_LENGTH } from '../workspaces/workspace-bounds';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { normalizeEmail, requireEmail, requireNewPassword, requireRole } from './account-fields';
import { Clock } from './clock';
import { digestToken, insertInvite, inviteUrl, looksLikeSecretToken, newSecretToken } from './invite-tokens';
import { LOCK_OUT_MEMORY_MS, lockedForMs } from './lock-out';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { Role } from './roles';

export interface UserView {
  id: string;
  email: string;
}

export interface MemberView {
  /** The user's id. */
  id: string;
  email: string;
  role: Role;
  /** `invited` until the person has opened their invite and accepted it. */
  status: 'invited' | 'active';
  createdAt: string;
}

export interface InvitedMember extends MemberView {
  inviteUrl: string;
}

export interface MembershipView {
  workspaceId: string;
  workspaceName: string;
  plan: string;
  role: Role;
}

export interface InviteDescription {
  /** null for an invite without an email (the bootstrap's): the invitee types it when accepting. */
  email: string | null;
  workspaceId: string;
  workspaceName: string;
  role: Role;
  /** The invitee has a password already (invited to another workspace): accepting asks for it instead of setting one. */
  accountExists: boolean;
}

interface InviteRow {
  workspaceId: string;
  workspaceName: string;
  userId: string | null;
  email: string | null;
  passwordHash: string | null;
  role: Role;
}

/**
 * Users, their memberships and invites, and signing in (DECISIONS section 10). Passwords are kept
 * only as scrypt hashes and invite tokens only as SHA-256 digests. Writes that must hold together
 * (accepting an invite, inviting) are one transaction each, decided by the keys, so concurrent
 * requests on several replicas cannot use an invite twice or create a user twice.
 */
@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workspaces: WorkspacesService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'publicUrl'>,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Makes `email` an invited member with `role` and returns a fresh invite link. Re-inviting someone
   * who has not accepted yet replaces their earlier links (and sets the role); an active member is
   * 409. The membership opens nothing until the person accepts with the link, even when they have an
   * account already (someone removed and invited again): access needs their consent.
   */
  async invite(workspaceId: string, email: string, role: Role, by: AuditOrigin): Promise<InvitedMember> {
    await this.workspaces.get(workspaceId);
    const address = requireEmail(email);
    const checkedRole = requireRole(role);
    const now = this.clock.now();
    const token = newSecretToken();
    const audit = this.audit;
    const member = await atomically(this.dataSource, function* () {
      yield sql('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, NULL, ?) ON CONFLICT (email) DO NOTHING', randomUUID(), address, now);
      const user = (yield sql('SELECT id FROM users WHERE email = ?', address)).rows[0];
      const userId = String(user.id);
      const existing = (yield sql('SELECT role, created_at, accepted_at FROM memberships WHERE workspace_id = ? AND user_id = ?', workspaceId, userId)).rows[0];
      if (existing && existing.accepted_at !== null) throw new ApiError('MEMBER_EXISTS', { params: { email: address } });
      let createdAt = now;
      let previousRole: Role | null = null;
      if (existing) {
        previousRole = existing.role as Role;
        if (existing.role === 'owner' && checkedRole !== 'owner') yield* keepAnOwner(workspaceId, userId);
        createdAt = Number(existing.created_at);
        yield sql('UPDATE memberships SET role = ? WHERE workspace_id = ? AND user_id = ?', checkedRole, workspaceId, userId);
      } else {
        yield sql('INSERT INTO memberships (workspace_id, user_id, role, created_at, accepted_at) VALUES (?, ?, ?, ?, NULL)', workspaceId, userId, checkedRole, now);
      }
      yield sql('DELETE FROM invites WHERE workspace_id = ? AND user_id = ? AND used_at IS NULL', workspaceId, userId);
      yield insertInvite(digestToken(token), workspaceId, userId, checkedRole, now);
      const target = { type: 'member' as const, id: userId };
      yield audit.insert({ ...by, action: 'member.invited', workspaceId, target });
      // Inviting again someone who has not accepted yet is how a role changes before they join.
      if (previousRole !== null && previousRole !== checkedRole) yield audit.insert({ ...by, action: 'member.role_changed', workspaceId, target });
      return { id: userId, createdAt };
    });
    return {
      id: member.id,
      email: address,
      role: checkedRole,
      status: 'invited',
      createdAt: new Date(member.createdAt).toISOString(),
      inviteUrl: inviteUrl(this.config.publicUrl, token),
    };
  }

  async listMembers(workspaceId: string): Promise<MemberView[]> {
    await this.workspaces.get(workspaceId);
    const { rows } = await executeStatement(
      this.dataSource,
      sql(
        `SELECT u.id, u.email, m.role, m.created_at, CASE WHEN m.accepted_at IS NULL THEN 0 ELSE 1 END AS active
         FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ? ORDER BY m.created_at, u.email`,
        workspaceId,
      ),
    );
    return rows.map((row) => ({
      id: String(row.id),
      email: String(row.email),
      role: row.role as Role,
      status: Number(row.active) === 1 ? 'active' : 'invited',
      createdAt: new Date(Number(row.created_at)).toISOString(),
    }));
  }

  /**
   * Ends a membership: the user's sessions in that workspace end and their open invites to it
   * stop working. The last owner stays (409 LAST_OWNER). A user left with neither a password nor
   * a workspace is forgotten.
   */
  async removeMember(workspaceId: string, userId: string, by: AuditOrigin): Promise<void> {
    await this.workspaces.get(workspaceId);
    const audit = this.audit;
    await atomically(this.dataSource, function* () {
      const membership = (yield sql('SELECT role FROM memberships WHERE workspace_id = ? AND user_id = ?', workspaceId, userId)).rows[0];
      if (!membership) throw new ApiError('MEMBER_NOT_FOUND', { params: { id: userId } });
      if (membership.role === 'owner') yield* keepAnOwner(workspaceId, userId);
      yield sql('DELETE FROM memberships WHERE workspace_id = ? AND user_id = ?', workspaceId, userId);
      yield sql('DELETE FROM sessions WHERE workspace_id = ? AND user_id = ?', workspaceId, userId);
      yield sql('DELETE FROM invites WHERE workspace_id = ? AND user_id = ? AND used_at IS NULL', workspaceId, userId);
      yield sql('DELETE FROM users WHERE id = ? AND password_hash IS NULL AND NOT EXISTS (SELECT 1 FROM memberships WHERE user_id = ?)', userId, userId);
      yield audit.insert({ ...by, action: 'member.removed', workspaceId, target: { type: 'member', id: userId } });
    });
  }

  /**
   * Makes a member an owner or a member (`member.role_changed`; the same role changes nothing) and
   * returns them. An invitee's open invite follows. 404 MEMBER_NOT_FOUND; 409 LAST_OWNER when no
   * other owner who has accepted would be left.
   */
  async changeRole(workspaceId: string, userId: string, role: Role, by: AuditOrigin): Promise<MemberView> {
    await this.workspaces.get(workspaceId);
    const checkedRole = requireRole(role);
    const audit = this.audit;
    await atomically(this.dataSource, function* () {
      const membership = (yield sql('SELECT role FROM memberships WHERE workspace_id = ? AND user_id = ?', workspaceId, userId)).rows[0];
      if (!membership) throw new ApiError('MEMBER_NOT_FOUND', { params: { id: userId } });
      if (membership.role === checkedRole) return;
      if (membership.role === 'owner') yield* keepAnOwner(workspaceId, userId);
      yield sql('UPDATE memberships SET role = ? WHERE workspace_id = ? AND user_id = ?', checkedRole, workspaceId, userId);
      yield sql('UPDATE invites SET role = ? WHERE workspace_id = ? AND user_id = ? AND used_at IS NULL', checkedRole, workspaceId, userId);
      yield audit.insert({ ...by, action: 'member.role_changed', workspaceId, target: { type: 'member', id: userId } });
    });
    return (await this.listMembers(workspaceId)).find((member) => member.id === userId)!;
  }

  /** What an invite link offers; 400 INVALID_INVITE when it is unknown, expired or used. */
  async describeInvite(token: string): Promise<InviteDescription> {
    const invite = await this.usableInvite(token);
    return {
      email: invite.email,
      workspaceId: invite.workspaceId,
      workspaceName: invite.workspaceName,
      role: invite.role,
      accountExists: invite.passwordHash !== null,
    };
  }

  /**
   * Uses an invite, once: sets the invitee's password (or, when they have one already, checks it)
   * and makes them an active member, their consent to the invite. `email` is needed only for an
   * invite without one (400 naming `email`).
   */
  async acceptInvite(token: string, password: string, email?: string): Promise<UserView> {
    const invite = await this.usableInvite(token);
    let address: string;
    let existing: { id: string; passwordHash: string | null } | null;
    if (invite.userId !== null) {
      address = invite.email!;
      existing = { id: invite.userId, passwordHash: invite.passwordHash };
    } else {
      address = requireEmail(email);
      existing = await this.findUser(address);
    }
    let newHash: string | null = null;
    if (existing?.passwordHash) {
      await this.checkPassword(address, password, existing.passwordHash);
    } else {
      newHash = await hashPassword(requireNewPassword(password));
    }
    return { id: await this.claimInvite(token, invite, address, newHash), email: address };
  }

  /**
   * Uses an invite, once, for someone whose identity provider verified their email (single sign-on,
   * DECISIONS section 16): no password is set or asked for. The invite's email must be that one
   * (403 SSO_INVITE_OTHER_EMAIL); an invite without an email takes it.
   */
  async acceptInviteVerified(token: string, verifiedEmail: string): Promise<UserView> {
    const invite = await this.usableInvite(token);
    const address = requireEmail(verifiedEmail);
    if (invite.email !== null && invite.email !== address) throw new ApiError('SSO_INVITE_OTHER_EMAIL', { params: { invited: invite.email, email: address } });
    return { id: await this.claimInvite(token, invite, address, null), email: address };
  }

  /** Marks the invite used and makes `address` (its user, or a new one) a member; `newHash`, when given, becomes their first password. */
  private async claimInvite(token: string, invite: InviteRow, address: string, newHash: string | null): Promise<string> {
    const digest = digestToken(token);
    const now = this.clock.now();
    const fixedUserId = invite.userId;
    return atomically(this.dataSource, function* () {
      const claimed = yield sql('UPDATE invites SET used_at = ? WHERE token_digest = ? AND used_at IS NULL AND expires_at > ?', now, digest, now);
      if (claimed.changes !== 1) throw new ApiError('INVALID_INVITE');
      let id = fixedUserId;
      if (id === null) {
        yield sql('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, NULL, ?) ON CONFLICT (email) DO NOTHING', randomUUID(), address, now);
        id = String((yield sql('SELECT id FROM users WHERE email = ?', address)).rows[0].id);
      }
      if (newHash !== null) {
        // Someone set this user's password meanwhile (another invite): this link does not override it.
        const set = yield sql('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash IS NULL', newHash, id);
        if (set.changes !== 1) throw new ApiError('INVALID_INVITE');
      }
      // The invited membership is there already (its role may have changed since); the bootstrap's invite makes one.
      yield sql(
        'INSERT INTO memberships (workspace_id, user_id, role, created_at, accepted_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (workspace_id, user_id) DO UPDATE SET accepted_at = COALESCE(memberships.accepted_at, excluded.accepted_at)',
        invite.workspaceId,
        id,
        invite.role,
        now,
        now,
      );
      return id;
    });
  }

  /** Open sign-up (DASHBOARD_SIGNUP; the caller checks it): a new `free` workspace named after the email, owned by the new user. */
  async signUp(email: string, password: string): Promise<{ user: UserView; workspaceId: string }> {
    const address = requireEmail(email);
    const newPassword = requireNewPassword(password);
    if (await this.findUser(address)) throw new ApiError('EMAIL_TAKEN');
    const hash = await hashPassword(newPassword);
    const workspace = await this.workspaces.create({ name: workspaceNameFor(address), plan: 'free' });
    const userId = randomUUID();
    const now = this.clock.now();
    try {
      await atomically(this.dataSource, function* () {
        const inserted = yield sql('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING', userId, address, hash, now);
        if (inserted.changes !== 1) throw new ApiError('EMAIL_TAKEN');
        yield sql("INSERT INTO memberships (workspace_id, user_id, role, created_at, accepted_at) VALUES (?, ?, 'owner', ?, ?)", workspace.id, userId, now, now);
      });
    } catch (error) {
      await executeStatement(this.dataSource, sql('DELETE FROM workspaces WHERE id = ?', workspace.id));
      throw error;
    }
    return { user: { id: userId, email: address }, workspaceId: workspace.id };
  }

  /**
   * 401 INVALID_CREDENTIALS whichever of email and password was wrong, after the same work
   * (an unknown email is checked against a dummy hash); 429 SIGN_IN_LOCKED while locked out,
   * even with the right password.
   */
  async signIn(email: string, password: string): Promise<UserView> {
    const address = normalizeEmail(email);
    if (address === null) {
      await verifyPassword(stringOrEmpty(password), await dummyPasswordHash());
      throw new ApiError('INVALID_CREDENTIALS');
    }
    const user = await this.findUser(address);
    await this.checkPassword(address, password, user?.passwordHash ?? null);
    return { id: user!.id, email: address };
  }

  /** The workspaces the user has accepted to be a member of, sorted by name. */
  async memberships(userId: string): Promise<MembershipView[]> {
    const { rows } = await executeStatement(
      this.dataSource,
      sql('SELECT m.workspace_id, w.name, w.plan, m.role FROM memberships m JOIN workspaces w ON w.id = m.workspace_id WHERE m.user_id = ? AND m.accepted_at IS NOT NULL', userId),
    );
    return rows
      .map((row) => ({ workspaceId: String(row.workspace_id), workspaceName: String(row.name), plan: String(row.plan), role: row.role as Role }))
      .sort((a, b) => a.workspaceName.localeCompare(b.workspaceName) || a.workspaceId.localeCompare(b.workspaceId));
  }

  /** The account an email names and its workspaces (the audit of a failed sign-in); null when no account has it. */
  async accountOf(email: string): Promise<{ userId: string; workspaceIds: string[] } | null> {
    const address = normalizeEmail(email);
    if (address === null) return null;
    const { rows } = await executeStatement(this.dataSource, sql('SELECT u.id, m.workspace_id FROM users u LEFT JOIN memberships m ON m.user_id = u.id WHERE u.email = ?', address));
    if (rows.length === 0) return null;
    return { userId: String(rows[0].id), workspaceIds: rows.filter((row) => row.workspace_id !== null).map((row) => String(row.workspace_id)) };
  }

  /** The user's role in a workspace they have accepted to be a member of; null otherwise. */
  async roleIn(userId: string, workspaceId: string): Promise<Role | null> {
    const { rows } = await executeStatement(this.dataSource, sql('SELECT role FROM memberships WHERE workspace_id = ? AND user_id = ? AND accepted_at IS NOT NULL', workspaceId, userId));
    return rows.length === 0 ? null : (rows[0].role as Role);
  }

  /** A signed-in person's password, checked like a sign-in's (lock-out, 401 INVALID_CREDENTIALS): before they change it. */
  async checkPasswordOf(userId: string, password: string): Promise<void> {
    const { rows } = await executeStatement(this.dataSource, sql('SELECT email, password_hash FROM users WHERE id = ?', userId));
    if (rows.length === 0) throw new ApiError('SESSION_REQUIRED');
    await this.checkPassword(String(rows[0].email), password, rows[0].password_hash === null ? null : String(rows[0].password_hash));
  }

  /**
   * The lock-out, then the password against `hash` (a dummy one when null); records a failure and
   * throws on a mismatch, clears the email's failures on success.
   */
  private async checkPassword(address: string, password: unknown, hash: string | null): Promise<void> {
    const now = this.clock.now();
    const lockedFor = await this.remainingLockMs(address, now);
    if (lockedFor > 0) {
      const retryAfterSeconds = Math.ceil(lockedFor / 1000);
      throw new ApiError('SIGN_IN_LOCKED', { extra: { retryAfterSeconds }, headers: { 'Retry-After': String(retryAfterSeconds) } });
    }
    const matches = await verifyPassword(stringOrEmpty(password), hash ?? (await dummyPasswordHash()));
    if (!matches || hash === null) {
      await this.recordFailure(address, this.clock.now());
      throw new ApiError('INVALID_CREDENTIALS');
    }
    await executeStatement(this.dataSource, sql('DELETE FROM sign_in_failures WHERE email = ?', address));
  }

  private async remainingLockMs(address: string, now: number): Promise<number> {
    const { rows } = await executeStatement(this.dataSource, sql('SELECT at FROM sign_in_failures WHERE email = ? AND at > ? ORDER BY at', address, now - LOCK_OUT_MEMORY_MS));
    return lockedForMs(rows.map((row) => Number(row.at)), now);
  }

  private async recordFailure(address: string, now: number): Promise<void> {
    await executeStatement(this.dataSource, sql('INSERT INTO sign_in_failures (id, email, at) VALUES (?, ?, ?)', randomUUID(), address, now));
    // Failures older than any lock-out they could still be part of are of no use.
    await executeStatement(this.dataSource, sql('DELETE FROM sign_in_failures WHERE at <= ?', now - LOCK_OUT_MEMORY_MS));
  }

  private async findUser(address: string): Promise<{ id: string; passwordHash: string | null } | null> {
    const { rows } = await executeStatement(this.dataSource, sql('SELECT id, password_hash FROM users WHERE email = ?', address));
    if (rows.length === 0) return null;
    return { id: String(rows[0].id), passwordHash: rows[0].password_hash === null ? null : String(rows[0].password_hash) };
  }

  private async usableInvite(token: string): Promise<InviteRow> {
    if (!looksLikeSecretToken(token)) throw new ApiError('INVALID_INVITE');
    const { rows } = await executeStatement(
      this.dataSource,
      sql(
        `SELECT i.workspace_id, i.user_id, i.role, i.expires_at, i.used_at, w.name AS workspace_name, u.email, u.password_hash
         FROM invites i JOIN workspaces w ON w.id = i.workspace_id LEFT JOIN users u ON u.id = i.user_id
         WHERE i.token_digest = ?`,
        digestToken(token),
      ),
    );
    const row = rows[0];
    if (!row || row.used_at !== null || Number(row.expires_at) <= this.clock.now()) throw new ApiError('INVALID_INVITE');
    return {
      workspaceId: String(row.workspace_id),
      workspaceName: String(row.workspace_name),
      userId: row.user_id === null ? null : String(row.user_id),
      email: row.email === null ? null : String(row.email),
      passwordHash: row.password_hash === null ? null : String(row.password_hash),
      role: row.role as Role,
    };
  }
}

/**
 * 409 LAST_OWNER unless the workspace has an owner besides `userId` who has accepted (part of a
 * transaction): an invited owner may never come, and the workspace would have no one to manage it.
 */
function* keepAnOwner(workspaceId: string, userId: string): SqlScript<void> {
  const others = (yield sql("SELECT COUNT(*) AS n FROM memberships WHERE workspace_id = ? AND role = 'owner' AND user_id <> ? AND accepted_at IS NOT NULL", workspaceId, userId)).rows[0];
  if (Number(others.n) === 0) throw new ApiError('LAST_OWNER');
}

function stringOrEmpty(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A signed-up user's workspace is named after their email's local part. */
export function workspaceNameFor(address: string): string {
  const local = address.slice(0, address.lastIndexOf('@')).replace(/\p{Cc}/gu, '').trim();
  // A cut through a surrogate pair would leave half a character.
  const name = local.slice(0, NAME_MAX_LENGTH).replace(/[\uD800-\uDBFF]$/, '').trim();
  return name || 'workspace';
}
