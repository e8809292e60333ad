import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { executeStatement, sql, SqlStep } from '../jobs/sql-script';
import type { Role } from './roles';

/** An invite is valid 7 days (DECISIONS section 10). */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url (43 characters): for invite links and session cookies. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function looksLikeSecretToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** What is stored of a token: its SHA-256, hex. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function inviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/dashboard/invite/${token}`;
}

export function insertInvite(tokenDigest: string, workspaceId: string, userId: string | null, role: Role, now: number): SqlStep {
  return sql(
    'INSERT INTO invites (token_digest, workspace_id, user_id, role, expires_at, used_at, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)',
    tokenDigest,
    workspaceId,
    userId,
    role,
    now + INVITE_TTL_MS,
    now,
  );
}

/**
 * An invite without an email (the bootstrap's owner invite): whoever opens it types their email.
 * Returns the token, which is stored nowhere.
 */
export async function issueOpenInvite(dataSource: DataSource, workspaceId: string, role: Role, now = Date.now()): Promise<string> {
  const token = newSecretToken();
  await executeStatement(dataSource, insertInvite(digestToken(token), workspaceId, null, role, now));
  return token;
}
