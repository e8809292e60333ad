import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMs } from '../../../jobs/epoch-ms';

/** A workspace's custom template; its names and definition live in its versions. */
@Entity('custom_templates')
export class CustomTemplateEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  /** The newest version. */
  @Column({ type: 'varchar', length: 50 })
  version: string;

  /** The sequence number of the newest version; adding a version bumps it, which on PostgreSQL also locks the row. */
  @Column({ name: 'last_sequence', type: 'integer' })
  lastSequence: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;

  /** When the newest version was added. */
  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMs })
  updatedAt: number;
}
