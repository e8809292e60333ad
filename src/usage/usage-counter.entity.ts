import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Successful generations of one workspace in one UTC calendar month. */
@Entity('usage_counters')
export class UsageCounterEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  /** `YYYY-MM` in UTC. */
  @PrimaryColumn({ type: 'varchar', length: 7 })
  period: string;

  @Column({ type: 'integer', default: 0 })
  used: number;
}
