import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { JobOutcome } from '../jobs/job-queue.port';
import { MetricsService } from '../metrics/metrics.service';
import { describeVerdict, judge } from '../webhooks/delivery-verdict';
import { retryDelayMs } from '../webhooks/retry-schedule';
import type { WebhookResponse } from '../webhooks/webhook-sender';
import { sendSignedWebhook } from '../webhooks/signed-webhook';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { BatchEntity } from './batch.entity';
import type { BatchView } from './batch-view';

/** The webhook body's type for a batch (DECISIONS section 17). */
export const BATCH_FINISHED = 'batch.finished';

/**
 * One attempt of a batch's webhook, signed and retried exactly as a job's (DECISIONS section 6),
 * its attempts counted on the batch. The body is the batch as GET answers it, plus `type`.
 */
@Injectable()
export class BatchDelivery {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(BatchEntity) private readonly batches: Repository<BatchEntity>,
    private readonly workspaces: WorkspacesService,
    private readonly metrics: MetricsService,
  ) {}

  /** `trace`: the traceparent the attempt's span continues (the batch's finishing). */
  async attempt(batch: BatchEntity, view: BatchView, trace: string | undefined): Promise<JobOutcome> {
    const number = batch.attempts + 1;
    const response = await this.send(batch, JSON.stringify({ type: BATCH_FINISHED, ...view }), trace);
    const verdict = judge(response, number, this.config.webhookMaxAttempts);
    await this.batches.update(
      { id: batch.id },
      {
        attempts: number,
        deliveryStatus: verdict === 'delivered' ? 'delivered' : verdict === 'retry' ? 'pending' : 'failed',
        lastError: verdict === 'delivered' ? null : describeVerdict(response, verdict),
        updatedAt: Date.now(),
      },
    );
    this.metrics.observeDelivery(verdict);
    return verdict === 'retry' ? { retryInMs: retryDelayMs(number, this.config.webhookRetryBaseMs, response.retryAfterMs) } : { done: true };
  }

  private send(batch: BatchEntity, body: string, traceparent: string | undefined): Promise<WebhookResponse> {
    const secret = async () => (await this.workspaces.get(batch.workspaceId)).webhookSecret;
    const webhook = { url: batch.webhookUrl!, headers: batch.webhookHeaders ?? {}, deliveryId: batch.deliveryId!, secret, traceparent };
    return sendSignedWebhook(webhook, body, this.config);
  }
}
