import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsService } from '../metrics/metrics.service';
import { retryDelayMs } from '../webhooks/retry-schedule';
import { generationFailure, webhookBody } from '../webhooks/webhook-body';
import type { DeliveryStatus } from '../webhooks/webhook-delivery.entity';
import { describeError, postWebhook, WebhookResponse } from '../webhooks/webhook-sender';
import { signWebhook } from '../webhooks/webhook-signature';
import { resolveWebhookTarget } from '../webhooks/webhook-target';
import { WorkspacesService } from '../workspaces/workspaces.service';
import type { JobEntity, JobStatus } from './job.entity';
import type { JobOutcome } from './job-queue.port';
import { atomically, sql, SqlScript } from './sql-script';

type Verdict = 'delivered' | 'gone' | 'failed' | 'retry';

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

  async attempt(job: JobEntity): Promise<JobOutcome> {
    const number = job.attempts + 1;
    const attemptedAt = Date.now();
    const response = await this.send(job);
    const verdict = judge(response, number, this.config.webhookMaxAttempts);
    await this.record(job, number, attemptedAt, response, verdict);
    this.metrics.observeDelivery(verdict);
    return verdict === 'retry' ? { retryInMs: retryDelayMs(number, this.config.webhookRetryBaseMs, response.retryAfterMs) } : { done: true };
  }

  /** Never throws: whatever goes wrong before or while sending is this attempt's error, so WEBHOOK_MAX_ATTEMPTS always ends a job. */
  private async send(job: JobEntity): Promise<WebhookResponse> {
    try {
      const { webhookSecret } = await this.workspaces.get(job.workspaceId);
      const target = await resolveWebhookTarget(job.webhookUrl, this.config.webhookAllowPrivate);
      const body = webhookBody(job);
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        ...job.webhookHeaders,
        'webhook-id': job.deliveryId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(webhookSecret, job.deliveryId, timestamp, body),
      };
      return await postWebhook(target, headers, body, this.config.webhookTimeoutMs);
    } catch (error) {
      // For example the name has come to resolve to a refused address since the job was accepted.
      return { error: error instanceof Error ? describeError(error) : String(error).slice(0, 500), durationMs: 0 };
    }
  }

  private record(job: JobEntity, number: number, attemptedAt: number, response: WebhookResponse, verdict: Verdict): Promise<void> {
    const now = Date.now();
    const deliveryStatus: DeliveryStatus = verdict === 'delivered' ? 'delivered' : verdict === 'retry' ? 'pending' : 'failed';
    const jobStatus: JobStatus = verdict === 'retry' ? 'delivering' : verdict === 'delivered' && job.generationError === null ? 'delivered' : 'failed';
    const lastError = verdict !== 'delivered' ? describe(response, verdict) : generationFailure(job);
    return atomically(this.dataSource, function* (): SqlScript<void> {
      yield sql(
        'INSERT INTO webhook_attempts (delivery_id, number, attempted_at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)',
        job.deliveryId, number, attemptedAt, response.statusCode ?? null, response.error ?? null, response.durationMs,
      );
      yield sql('UPDATE webhook_deliveries SET status = ?, attempts = ?, updated_at = ? WHERE id = ?', deliveryStatus, number, now, job.deliveryId);
      yield sql(
        'UPDATE jobs SET status = ?, attempts = ?, last_error = ?, updated_at = ? WHERE id = ? AND delivery_id = ?',
        jobStatus, number, lastError, now, job.id, job.deliveryId,
      );
    });
  }
}

function judge(response: WebhookResponse, number: number, maxAttempts: number): Verdict {
  const status = response.statusCode;
  if (response.error === undefined && status !== undefined && status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  return number >= maxAttempts ? 'failed' : 'retry';
}

function describe(response: WebhookResponse, verdict: Verdict): string {
  if (verdict === 'gone') return 'Receiver answered 410 Gone: not retried';
  const text = response.statusCode === undefined ? String(response.error) : `Receiver answered ${response.statusCode}${response.error ? ` (${response.error})` : ''}`;
  return verdict === 'failed' ? `${text}; gave up after the last attempt` : text;
}
