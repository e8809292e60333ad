import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { epochMs } from '../jobs/epoch-ms';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';

/** One HTTP attempt of a delivery: when, what came back (status code or error, the answer's start), how long it took. */
@Entity('webhook_attempts')
export class WebhookAttemptEntity {
  @PrimaryColumn({ name: 'delivery_id', type: 'varchar', length: 40 })
  deliveryId: string;

  /** 1 for the first attempt of the delivery. */
  @PrimaryColumn({ type: 'integer' })
  number: number;

  @Column({ name: 'attempted_at', type: 'bigint', transformer: epochMs })
  attemptedAt: number;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  /** The first characters of the receiver's answer (ANSWER_EXCERPT_CHARS), or null without one. */
  @Column({ name: 'answer_excerpt', type: 'varchar', length: 500, nullable: true })
  answerExcerpt: string | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs: number;

  @ManyToOne(() => WebhookDeliveryEntity, (delivery) => delivery.attemptLog, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id' })
  delivery: WebhookDeliveryEntity;
}
