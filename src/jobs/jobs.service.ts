import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Repository } from 'typeorm';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { ApiError } from '../common/errors/api-error';
import { JsonLogger } from '../common/logging/json-logger';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { GenerateCommand } from '../generation/generate-command';
import { quotaExceeded } from '../usage/quota-exceeded';
import { UsageService } from '../usage/usage.service';
import { tracing } from '../tracing';
import type { WebhookRequest } from '../webhooks/webhook-request';
import { JOB_QUEUE, JobQueue } from './job-queue.port';
import { JobEntity, JobRequest, JobStatus } from './job.entity';
import { JobView, toJobView } from './job-view';
import { atomically, execute, sql, SqlScript } from './sql-script';

export interface JobAccepted {
  success: true;
  jobId: string;
  status: 'queued';
  templateId: string;
}

/** The request that makes jobs: its X-Request-Id and its span (see Request.traceparent). */
export interface JobOrigin {
  requestId: string;
  traceparent?: string;
}

const UNFINISHED: JobStatus[] = ['queued', 'rendering', 'delivering'];

/** Retry-After of a request refused because the job queue did not answer. */
const QUEUE_RETRY_AFTER_S = 5;

/** A delivery id, sent as `webhook-id`. */
export function newDeliveryId(): string {
  return 'msg_' + randomBytes(16).toString('hex');
}

/** Webhook jobs as the API and the operator see them: accepted, looked up, delivered again. */
@Injectable()
export class JobsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(JobEntity) private readonly jobs: Repository<JobEntity>,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly usage: UsageService,
    private readonly logger: JsonLogger,
  ) {}

  /**
   * Accepts a checked generate request with a webhook: the quota looked at, stored with its first
   * delivery, queued. The job keeps the traceparent of its `job enqueue` span: its processing and
   * webhook join the request's trace, whichever process and queue run it.
   */
  async submit(workspace: AuthenticatedWorkspace, command: GenerateCommand, webhook: WebhookRequest, origin: JobOrigin): Promise<JobAccepted> {
    await this.checkQuota(workspace);
    const jobId = randomUUID();
    const deliveryId = newDeliveryId();
    const now = Date.now();
    const request = JSON.stringify(jobRequest(command));
    await tracing().inSpan('job enqueue', { kind: 'producer', parent: origin.traceparent, attributes: { 'pdfgen.job.id': jobId } }, async (span) => {
      const traceparent = span.traceparent ?? null;
      await atomically(this.dataSource, function* (): SqlScript<void> {
        yield sql(
          `INSERT INTO jobs (id, workspace_id, template_id, status, request, webhook_url, webhook_headers, delivery_id, attempts, request_id, traceparent, mode, created_at, updated_at)
           VALUES (?, ?, ?, 'queued', ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
          jobId, workspace.id, command.templateId, request, webhook.url, JSON.stringify(webhook.headers), deliveryId, origin.requestId, traceparent, workspace.keyMode, now, now,
        );
        yield insertDelivery(deliveryId, jobId, workspace.id, now);
      });
      await this.queueOrWithdraw(jobId, deliveryId);
    });
    return { success: true, jobId, status: 'queued', templateId: command.templateId };
  }

  /** A job of this workspace; another workspace's job is not found, like a missing one. */
  async view(workspaceId: string, jobId: string): Promise<JobView> {
    const job = await this.jobs.findOneBy({ id: jobId, workspaceId, batchId: IsNull() });
    if (!job) throw new ApiError('JOB_NOT_FOUND', { params: { id: jobId } });
    return toJobView(job);
  }

  /** Starts a new delivery (a new `webhook-id`) of a delivered or failed job. */
  async redeliver(jobId: string): Promise<JobView> {
    const deliveryId = newDeliveryId();
    const now = Date.now();
    const started = await atomically(this.dataSource, function* (): SqlScript<boolean> {
      const moved = yield sql(
        `UPDATE jobs SET status = 'delivering', delivery_id = ?, attempts = 0, updated_at = ? WHERE id = ? AND status IN ('delivered', 'failed') AND batch_id IS NULL`,
        deliveryId, now, jobId,
      );
      if (moved.changes === 0) return false;
      const { rows } = yield sql('SELECT workspace_id FROM jobs WHERE id = ?', jobId);
      yield insertDelivery(deliveryId, jobId, String(rows[0].workspace_id), now);
      return true;
    });
    // A batch item is no webhook job: it has no delivery of its own (its batch has one).
    const job = await this.jobs.findOneBy({ id: jobId, batchId: IsNull() });
    if (!job) throw new ApiError('JOB_NOT_FOUND', { params: { id: jobId } });
    if (!started) throw new ApiError('JOB_NOT_FINISHED', { params: { id: jobId } });
    await this.queueOrLeaveToSweep(deliveryId, jobId);
    return toJobView(job);
  }

  /** Queues every unfinished job again (a no-op for those still queued): covers a crash between storing a job and queuing it. */
  async requeueUnfinished(): Promise<void> {
    const unfinished = await this.jobs.find({ select: { id: true, deliveryId: true }, where: { status: In(UNFINISHED) } });
    for (const job of unfinished) await this.queue.enqueue(job.deliveryId, job.id);
  }

  /**
   * Queues a job just stored. If the queue does not take it, the job is withdrawn and the caller
   * told 503, so a retry of the request cannot leave a duplicate behind; a job a worker has
   * already picked up (the queue took it after all) stays and is answered 202.
   */
  private async queueOrWithdraw(jobId: string, deliveryId: string): Promise<void> {
    try {
      await this.queue.enqueue(deliveryId, jobId);
    } catch (error) {
      // Its delivery goes with it (ON DELETE CASCADE).
      const withdrawn = await execute(this.dataSource, sql("DELETE FROM jobs WHERE id = ? AND status = 'queued'", jobId));
      if (withdrawn.changes === 0) return;
      this.logger.error('could not queue a job: refused with 503', { jobId, error: String(error) });
      throw new ApiError('SERVER_BUSY', { headers: { 'Retry-After': String(QUEUE_RETRY_AFTER_S) }, cause: error });
    }
  }

  private async queueOrLeaveToSweep(deliveryId: string, jobId: string): Promise<void> {
    try {
      await this.queue.enqueue(deliveryId, jobId);
    } catch (error) {
      // The job is stored: the next sweep queues it once the queue answers again.
      this.logger.error('could not queue a job', { jobId, error: String(error) });
    }
  }

  /** Step 9 of DECISIONS section 2; the job takes its slot only when its PDF is made. */
  private async checkQuota(workspace: AuthenticatedWorkspace): Promise<void> {
    const test = workspace.keyMode === 'test';
    const snapshot = await this.usage.snapshot(workspace.id, test ? workspace.testLimit : workspace.monthlyLimit, undefined, workspace.keyMode);
    if (snapshot.remaining <= 0) throw quotaExceeded(snapshot);
  }
}

/** What a job keeps of its command: the render request, without the watermark or output format a job decides itself. */
export function jobRequest(command: GenerateCommand): JobRequest {
  return { data: command.data, options: command.options, templateVersion: command.templateVersion, ...(command.custom ? { custom: command.custom } : {}) };
}

function insertDelivery(id: string, jobId: string, workspaceId: string, now: number) {
  return sql(
    `INSERT INTO webhook_deliveries (id, job_id, workspace_id, status, attempts, created_at, updated_at) VALUES (?, ?, ?, 'pending', 0, ?, ?)`,
    id, jobId, workspaceId, now, now,
  );
}
