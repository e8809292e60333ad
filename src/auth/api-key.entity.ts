import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { NAME_MAX_LENGTH } from '../workspaces/workspace-bounds';
import type { KeyMode } from './key-mode';

@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @Column({ type: 'varchar', length: NAME_MAX_LENGTH, nullable: true })
  name: string | null;

  /** SHA-256 hex of the key: the plain key is never stored. */
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  /** The first characters of the key, so an operator can tell keys apart. */
  @Column({ name: 'key_prefix', type: 'varchar', length: 16 })
  keyPrefix: string;

  @Column({ type: 'varchar', length: 4, default: 'live' })
  mode: KeyMode;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: Date, nullable: true })
  revokedAt: Date | null;

  /** Approximate: written at most once a minute per key and process (WorkspacesService.authenticate). */
  @Column({ name: 'last_used_at', type: Date, nullable: true })
  lastUsedAt: Date | null;
}
