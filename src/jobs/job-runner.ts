import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BatchFinisher } from '../batches/batch-finisher';
import { JsonLogger } from '../common/logging/json-logger';
import { tracing } from '../tracing';
import { generationFailure } from '../webhooks/webhook-body';
import { FINISHED_STATUSES, JobEntity } from './job.entity';
import { JobDelivery } from './job-delivery';
import type { JobOutcome } from './job-queue.port';
import { JobRenderer, RenderPostponed } from './job-renderer';

/** Wait before trying a job again after an unexpected error (database away, workers busy). */
export const UNEXPECTED_ERROR_RETRY_MS = 5000;

/**
 * Takes a job one step further from what its stored status says, so that a job handed out
 * twice (after a crash) repeats no finished step: render if not yet rendered, then attempt
 * the current delivery. A batch item is only rendered; the batch's last item finishes the batch.
 */
@Injectable()
export class JobRunner {
  constructor(
    @InjectRepository(JobEntity) private readonly jobs: Repository<JobEntity>,
    private readonly renderer: JobRenderer,
    private readonly delivery: JobDelivery,
    private readonly batches: BatchFinisher,
    private readonly logger: JsonLogger,
  ) {}

  async handle(jobId: string): Promise<JobOutcome> {
    try {
      const job = await this.jobs.findOneBy({ id: jobId });
      if (!job) return { done: true };
      const attributes = { 'pdfgen.job.id': job.id, 'pdfgen.job.status': job.status, 'pdfgen.batch.id': job.batchId ?? undefined };
      // A child of the span that queued the job: one trace from the request to the webhook, on any queue and process.
      return await tracing().inSpan('job process', { kind: 'consumer', parent: job.traceparent, attributes }, (span) => this.step(job, span.traceparent));
    } catch (error) {
      if (!(error instanceof RenderPostponed)) this.logger.error('job step failed', { jobId, error: String(error) });
      return { retryInMs: UNEXPECTED_ERROR_RETRY_MS };
    }
  }

  /** `trace`: the job's span, which its webhook attempt continues. */
  private async step(job: JobEntity, trace: string | undefined): Promise<JobOutcome> {
    if (job.batchId !== null) return this.handleItem(job, trace);
    if (FINISHED_STATUSES.includes(job.status)) return { done: true };
    if (job.status === 'queued' || job.status === 'rendering') job = await this.renderer.render(job);
    return this.delivery.attempt(job, trace);
  }

  /** A batch item has no delivery of its own: rendered, it has ended, and the batch may end with it. */
  private async handleItem(job: JobEntity, trace: string | undefined): Promise<JobOutcome> {
    if (job.status === 'queued' || job.status === 'rendering') {
      await this.batches.started(job.batchId!);
      job = await this.renderer.render(job);
    }
    if (job.status === 'delivering') {
      await this.jobs.update(
        { id: job.id, status: 'delivering' },
        { status: job.generationError === null ? 'delivered' : 'failed', lastError: generationFailure(job), updatedAt: Date.now() },
      );
    }
    return this.batches.itemEnded(job, trace);
  }
}
