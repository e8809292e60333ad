import { Column, Entity, OneToMany, PrimaryColumn } from 'typeorm';
import { epochMs } from '../jobs/epoch-ms';
import { WebhookAttemptEntity } from './webhook-attempt.entity';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One message to a job's webhook, tried until it succeeds, is refused for good, or runs out of attempts. */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  /** Also the `webhook-id` header: the same on every attempt of this delivery. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'job_id', type: 'varchar', length: 36 })
  jobId: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @Column({ type: 'varchar', length: 16 })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMs })
  updatedAt: number;

  @OneToMany(() => WebhookAttemptEntity, (attempt) => attempt.delivery)
  attemptLog: WebhookAttemptEntity[];
}
