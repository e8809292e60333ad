import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsService } from '../metrics/metrics.service';
import { retryDelayMs } from '../webhooks/retry-schedule';
import { describeVerdict, judge, Verdict } from '../webhooks/delivery-verdict';
import { generationFailure, webhookBody } from '../webhooks/webhook-body';
import type { DeliveryStatus } from '../webhooks/webhook-delivery.entity';
import type { WebhookResponse } from '../webhooks/webhook-sender';
import { sendSignedWebhook } from '../webhooks/signed-webhook';
import { WorkspacesService } from '../workspaces/workspaces.service';
import type { JobEntity, JobStatus } from './job.entity';
import type { JobOutcome } from './job-queue.port';
import { atomically, sql, SqlScript } from './sql-script';

/**
 * One attempt of a job's current delivery: resolve and check the address again, sign, POST,
 * record the attempt, and say when to try again. 2xx delivers; 410 stops; anything else
 * (another status, a redirect, a time-out, a connection error) is retried until
 * WEBHOOK_MAX_ATTEMPTS.
 */
@Injectable()
export class JobDelivery {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workspaces: WorkspacesService,
    private readonly metrics: MetricsService,
  ) {}

  /** `trace`: the traceparent the attempt's span continues (the job's span). */
  async attempt(job: JobEntity, trace: string | undefined): Promise<JobOutcome> {
    const number = job.attempts + 1;
    const attemptedAt = Date.now();
    const response = await this.send(job, trace);
    const verdict = judge(response, number, this.config.webhookMaxAttempts);
    await this.record(job, number, attemptedAt, response, verdict);
    this.metrics.observeDelivery(verdict);
    return verdict === 'retry' ? { retryInMs: retryDelayMs(number, this.config.webhookRetryBaseMs, response.retryAfterMs) } : { done: true };
  }

  private send(job: JobEntity, traceparent: string | undefined): Promise<WebhookResponse> {
    const secret = async () => (await this.workspaces.get(job.workspaceId)).webhookSecret;
    return sendSignedWebhook({ url: job.webhookUrl, headers: job.webhookHeaders, deliveryId: job.deliveryId, secret, traceparent }, webhookBody(job), this.config);
  }

  private record(job: JobEntity, number: number, attemptedAt: number, response: WebhookResponse, verdict: Verdict): Promise<void> {
    const now = Date.now();
    const deliveryStatus: DeliveryStatus = verdict === 'delivered' ? 'delivered' : verdict === 'retry' ? 'pending' : 'failed';
    const jobStatus: JobStatus = verdict === 'retry' ? 'delivering' : verdict === 'delivered' && job.generationError === null ? 'delivered' : 'failed';
    const lastError = verdict !== 'delivered' ? describeVerdict(response, verdict) : generationFailure(job);
    return atomically(this.dataSource, function* (): SqlScript<void> {
      yield sql(
        'INSERT INTO webhook_attempts (delivery_id, number, attempted_at, status_code, error, answer_excerpt, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?)',
        job.deliveryId, number, attemptedAt, response.statusCode ?? null, response.error ?? null, response.answerExcerpt ?? null, response.durationMs,
      );
      yield sql('UPDATE webhook_deliveries SET status = ?, attempts = ?, updated_at = ? WHERE id = ?', deliveryStatus, number, now, job.deliveryId);
      yield sql(
        'UPDATE jobs SET status = ?, attempts = ?, last_error = ?, updated_at = ? WHERE id = ? AND delivery_id = ?',
        jobStatus, number, lastError, now, job.id, job.deliveryId,
      );
    });
  }
}
