import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { KeyMode } from '../auth/key-mode';
import { epochMs } from '../jobs/epoch-ms';

export const BATCH_STATUSES = ['queued', 'running', 'succeeded', 'partial', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** The batch's webhook, once it has ended: sent, still being tried, or given up. */
export type BatchDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** A batch of generations (DECISIONS section 15); its items are jobs rows naming it. */
@Entity('batches')
export class BatchEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @Column({ type: 'varchar', length: 16 })
  status: BatchStatus;

  @Column({ name: 'item_count', type: 'integer' })
  itemCount: number;

  /** 1 when the successful items are joined into one more PDF. */
  @Column({ type: 'integer', default: 0 })
  merge: number;

  @Column({ name: 'merged_pdf_url', type: 'varchar', length: 2048, nullable: true })
  mergedPdfUrl: string | null;

  /** Why the merged file could not be made (the items stay). */
  @Column({ name: 'merge_error', type: 'varchar', length: 500, nullable: true })
  mergeError: string | null;

  @Column({ name: 'webhook_url', type: 'varchar', length: 2048, nullable: true })
  webhookUrl: string | null;

  @Column({ name: 'webhook_headers', type: 'simple-json', nullable: true })
  webhookHeaders: Record<string, string> | null;

  /** The `webhook-id` of the batch's one delivery. */
  @Column({ name: 'delivery_id', type: 'varchar', length: 40, nullable: true })
  deliveryId: string | null;

  @Column({ name: 'delivery_status', type: 'varchar', length: 16, nullable: true })
  deliveryStatus: BatchDeliveryStatus | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  /** The item job whose worker finishes the batch (merge, webhook): claimed once, by the last item to end. */
  @Column({ name: 'finisher_job_id', type: 'varchar', length: 36, nullable: true })
  finisherJobId: string | null;

  @Column({ type: 'varchar', length: 4, default: 'live' })
  mode: KeyMode;

  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId: string | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;

  @Column({ name: 'finished_at', type: 'bigint', nullable: true, transformer: epochMs })
  finishedAt: number | null;

  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMs })
  updatedAt: number;
}
