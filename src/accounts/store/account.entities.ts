import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMs } from '../../jobs/epoch-ms';
import type { Role } from '../roles';

/** A person who signs in to the dashboard. `passwordHash` is null until an invite is accepted. */
@Entity('users')
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** Trimmed and lower-cased. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  /** `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` (see passwords.ts). */
  @Column({ name: 'password_hash', type: 'varchar', length: 200, nullable: true })
  passwordHash: string | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;
}

@Entity('memberships')
export class MembershipEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ type: 'varchar', length: 10 })
  role: Role;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;

  /** Null until the person opens their invite and confirms: until then the membership opens nothing. */
  @Column({ name: 'accepted_at', type: 'bigint', nullable: true, transformer: epochMs })
  acceptedAt: number | null;
}

/** A single-use invite link; only the SHA-256 of its token is kept. `userId` is null for the bootstrap's invite. */
@Entity('invites')
export class InviteEntity {
  @PrimaryColumn({ name: 'token_digest', type: 'varchar', length: 64 })
  tokenDigest: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36, nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 10 })
  role: Role;

  @Column({ name: 'expires_at', type: 'bigint', transformer: epochMs })
  expiresAt: number;

  @Column({ name: 'used_at', type: 'bigint', nullable: true, transformer: epochMs })
  usedAt: number | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;
}

/** A dashboard session; only the SHA-256 of the cookie's token is kept. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ name: 'token_digest', type: 'varchar', length: 64 })
  tokenDigest: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @Column({ name: 'csrf_token', type: 'varchar', length: 64 })
  csrfToken: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;

  @Column({ name: 'last_seen_at', type: 'bigint', transformer: epochMs })
  lastSeenAt: number;

  /** A sealed one-time message (session-flash.ts), cleared when shown. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  flash: string | null;
}

/** One failed sign-in for an email, for the lock-out (kept in the database so replicas share it). */
@Entity('sign_in_failures')
export class SignInFailureEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'bigint', transformer: epochMs })
  at: number;
}

/** A single-use password reset link, valid 1 hour; only the SHA-256 of its token is kept. */
@Entity('password_resets')
export class PasswordResetEntity {
  @PrimaryColumn({ name: 'token_digest', type: 'varchar', length: 64 })
  tokenDigest: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId: string;

  /** The workspace the link was made for: its audit log records the reset. Null for a link asked for by email ("Forgot password"). */
  @Column({ name: 'workspace_id', type: 'varchar', length: 36, nullable: true })
  workspaceId: string | null;

  /** Who made the link: `user` (an owner) or `operator`. */
  @Column({ name: 'issued_by_type', type: 'varchar', length: 10 })
  issuedByType: string;

  @Column({ name: 'issued_by_id', type: 'varchar', length: 36, nullable: true })
  issuedById: string | null;

  @Column({ name: 'expires_at', type: 'bigint', transformer: epochMs })
  expiresAt: number;

  @Column({ name: 'used_at', type: 'bigint', nullable: true, transformer: epochMs })
  usedAt: number | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;
}

export const ACCOUNT_ENTITIES = [UserEntity, MembershipEntity, InviteEntity, SessionEntity, SignInFailureEntity, PasswordResetEntity];
