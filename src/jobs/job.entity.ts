import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { KeyMode } from '../auth/key-mode';
import type { CustomRender, PdfOptions } from '../engine';
// The templates' table alone: the entity is loaded wherever the database is, rendering or not.
import { findTemplate } from '../engine/templates/built-in-templates';
import { epochMs } from './epoch-ms';

export const JOB_STATUSES = ['queued', 'rendering', 'delivering', 'delivered', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const FINISHED_STATUSES: readonly JobStatus[] = ['delivered', 'failed'];

/**
 * What a job renders, as accepted. Jobs stored before custom templates carry neither
 * templateVersion nor custom: they name a built-in, at its one version.
 */
export interface JobRequest {
  data: Record<string, unknown>;
  options: PdfOptions;
  templateVersion?: string;
  /** A custom template's layout as it was when the job was accepted (bounded like any definition: 512 KiB). */
  custom?: CustomRender;
}

/** A generation whose result goes to a webhook: the durable record, whichever queue carries it. */
@Entity('jobs')
export class JobEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @Column({ name: 'template_id', type: 'varchar', length: 64 })
  templateId: string;

  @Column({ type: 'varchar', length: 16 })
  status: JobStatus;

  @Column({ type: 'simple-json' })
  request: JobRequest;

  @Column({ name: 'webhook_url', type: 'varchar', length: 2048 })
  webhookUrl: string;

  @Column({ name: 'webhook_headers', type: 'simple-json' })
  webhookHeaders: Record<string, string>;

  /** The delivery under way or made last (its id is the `webhook-id`). */
  @Column({ name: 'delivery_id', type: 'varchar', length: 40 })
  deliveryId: string;

  @Column({ name: 'pdf_url', type: 'varchar', length: 2048, nullable: true })
  pdfUrl: string | null;

  /** ISO 8601, as sent in the webhook body. */
  @Column({ name: 'generated_at', type: 'varchar', length: 30, nullable: true })
  generatedAt: string | null;

  /** Why rendering failed (the failure body's `details`). */
  @Column({ name: 'generation_error', type: 'varchar', length: 500, nullable: true })
  generationError: string | null;

  /** The month this job's generation was counted in; set and cleared together with the counter. */
  @Column({ name: 'usage_period', type: 'varchar', length: 7, nullable: true })
  usagePeriod: string | null;

  /** Attempts of the current delivery. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  /** The mode of the key that made the job: a test job is watermarked and counted apart. */
  @Column({ type: 'varchar', length: 4, default: 'live' })
  mode: KeyMode;

  /** X-Request-Id of the request that made the job; null for jobs made before it was kept. */
  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId: string | null;

  /**
   * The W3C traceparent of the span that queued the job (without an SDK, the request's own
   * header): its processing and webhook continue that trace. Null when there was none.
   */
  @Column({ type: 'varchar', length: 55, nullable: true })
  traceparent: string | null;

  /** The batch this job is an item of (DECISIONS section 15): such a job has no webhook of its own. */
  @Column({ name: 'batch_id', type: 'varchar', length: 36, nullable: true })
  batchId: string | null;

  /** The item's place in its batch, from 0. */
  @Column({ name: 'batch_index', type: 'integer', nullable: true })
  batchIndex: number | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMs })
  updatedAt: number;
}

/** The template version a job renders: as accepted, or for a job stored before versions were kept, its built-in's. */
export function jobTemplateVersion(job: Pick<JobEntity, 'templateId' | 'request'>): string {
  return job.request.templateVersion ?? findTemplate(job.templateId)?.version ?? '';
}
