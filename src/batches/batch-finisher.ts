import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { JsonLogger } from '../common/logging/json-logger';
import { tracing } from '../tracing';
import { failsForGood, failureDetails } from '../generation/generation-errors';
import { GenerationService } from '../generation/generation.service';
import { RenderPool } from '../generation/pool/render-pool';
import type { JobOutcome } from '../jobs/job-queue.port';
import { RenderPostponed } from '../jobs/job-renderer';
import { JobEntity } from '../jobs/job.entity';
import { execute, sql } from '../jobs/sql-script';
import { BatchDelivery } from './batch-delivery';
import { BatchEntity } from './batch.entity';
import { findBatchItems } from './batch-items';
import { BatchItemRow, finalStatus, toBatchView } from './batch-view';

/** Items of a batch still to render (an item's status after rendering is `delivered` or `failed`). */
const UNENDED = "('queued', 'rendering', 'delivering')";

/** The watermark of a test key's merged file, as on its items. */
const TEST_WATERMARK = 'TEST';

/**
 * Ends a batch once its last item has: the item whose worker finds no other item left claims the
 * batch in one statement, then makes the merged file, stores the final status and delivers the
 * webhook, carried by its own queue entry. A worker that dies in between leaves that entry to be
 * handed out again, and each step is skipped once stored: nothing is merged or counted twice.
 */
@Injectable()
export class BatchFinisher {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(BatchEntity) private readonly batches: Repository<BatchEntity>,
    @InjectRepository(JobEntity) private readonly jobs: Repository<JobEntity>,
    private readonly pool: RenderPool,
    private readonly generation: GenerationService,
    private readonly delivery: BatchDelivery,
    private readonly logger: JsonLogger,
  ) {}

  /** The batch has begun: its first item is being rendered. */
  async started(batchId: string): Promise<void> {
    await execute(this.dataSource, sql("UPDATE batches SET status = 'running', updated_at = ? WHERE id = ? AND status = 'queued'", Date.now(), batchId));
  }

  /**
   * Called by an item's worker once the item has ended; the last item's worker finishes the batch,
   * in a `batch finish` span continuing `trace` (the item's span, in the batch request's trace).
   */
  async itemEnded(item: JobEntity, trace: string | undefined): Promise<JobOutcome> {
    if (!(await this.claim(item))) return { done: true };
    return tracing().inSpan('batch finish', { parent: trace, attributes: { 'pdfgen.batch.id': item.batchId! } }, async (span) => {
      let batch = await this.batches.findOneByOrFail({ id: item.batchId! });
      const items = await findBatchItems(this.jobs, batch.id);
      if (batch.finishedAt === null) batch = await this.finish(batch, items);
      if (batch.deliveryStatus !== 'pending') return { done: true };
      return this.delivery.attempt(batch, toBatchView(batch, items), span.traceparent);
    });
  }

  /** Whether this item's worker carries the batch to its end: claimed now, or by this item before a crash. */
  private async claim(item: JobEntity): Promise<boolean> {
    await execute(
      this.dataSource,
      sql(
        `UPDATE batches SET finisher_job_id = ? WHERE id = ? AND finisher_job_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM jobs WHERE batch_id = ? AND status IN ${UNENDED})`,
        item.id, item.batchId, item.batchId,
      ),
    );
    const batch = await this.batches.findOne({ select: { finisherJobId: true }, where: { id: item.batchId! } });
    return batch?.finisherJobId === item.id;
  }

  private async finish(batch: BatchEntity, items: BatchItemRow[]): Promise<BatchEntity> {
    const merged = batch.merge === 1 && batch.mergedPdfUrl === null && batch.mergeError === null ? await this.merge(batch) : {};
    const now = Date.now();
    await this.batches.update(
      { id: batch.id, finishedAt: IsNull() },
      { ...merged, status: finalStatus(items), deliveryStatus: batch.webhookUrl ? 'pending' : null, finishedAt: now, updatedAt: now },
    );
    return this.batches.findOneByOrFail({ id: batch.id });
  }

  /** The successful items joined in order (not counted); a merge that fails for good is reported, the items stay. */
  private async merge(batch: BatchEntity): Promise<Partial<Pick<BatchEntity, 'mergedPdfUrl' | 'mergeError'>>> {
    const succeeded = await this.jobs.find({
      select: { templateId: true, request: true },
      where: { batchId: batch.id, status: 'delivered' },
      order: { batchIndex: 'ASC' },
    });
    if (succeeded.length === 0) return {};
    try {
      const watermark = batch.mode === 'test' ? { watermark: TEST_WATERMARK } : {};
      const requests = succeeded.map((job) => ({ templateId: job.templateId, custom: job.request.custom, data: job.request.data, options: job.request.options, ...watermark }));
      const { pdf } = await this.pool.renderMerged(requests.map((request) => ({ request })), batch.workspaceId);
      return { mergedPdfUrl: await this.generation.store(pdf, batch.workspaceId) };
    } catch (error) {
      if (!failsForGood(error)) {
        this.logger.warn('batch merge postponed', { batchId: batch.id, error: String(error) });
        throw new RenderPostponed(String(error), { cause: error });
      }
      return { mergeError: failureDetails(error) };
    }
  }
}
