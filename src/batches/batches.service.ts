import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { ApiError } from '../common/errors/api-error';
import { JsonLogger } from '../common/logging/json-logger';
import { JOB_QUEUE, JobQueue } from '../jobs/job-queue.port';
import { JobEntity } from '../jobs/job.entity';
import { JobOrigin, jobRequest, newDeliveryId } from '../jobs/jobs.service';
import { atomically, sql, SqlScript } from '../jobs/sql-script';
import { tracing } from '../tracing';
import { secondsUntilNextPeriod } from '../usage/billing-period';
import { UsageService } from '../usage/usage.service';
import { BatchEntity } from './batch.entity';
import { findBatchItems } from './batch-items';
import { BatchView, toBatchView } from './batch-view';
import type { BatchCommand } from './request/batch-request.parser';

/** A batch as the dashboard lists it: its counts, not its items. */
export interface BatchSummary {
  id: string;
  status: BatchView['status'];
  itemCount: number;
  succeeded: number;
  failed: number;
  mergedPdfUrl: string | null;
  mode: BatchEntity['mode'];
  createdAt: string;
  finishedAt: string | null;
}

export interface BatchAccepted {
  success: true;
  batchId: string;
  /** How many items were queued. */
  items: number;
}

/** Retry-After of a batch refused because the job queue did not take it. */
const QUEUE_RETRY_AFTER_S = 5;

/**
 * Batches as the API sees them: accepted whole (the month's remaining generations checked for
 * every item, the batch and its items stored in one transaction, then queued), and looked up.
 * The items are rendered and the batch finished by the job worker (BatchFinisher).
 */
@Injectable()
export class BatchesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(BatchEntity) private readonly batches: Repository<BatchEntity>,
    @InjectRepository(JobEntity) private readonly jobs: Repository<JobEntity>,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly usage: UsageService,
    private readonly logger: JsonLogger,
  ) {}

  /** Every item keeps the traceparent of the `batch enqueue` span: items and finisher join the request's trace. */
  async submit(workspace: AuthenticatedWorkspace, command: BatchCommand, origin: JobOrigin): Promise<BatchAccepted> {
    await this.checkQuota(workspace, command.items.length);
    const batchId = randomUUID();
    const now = Date.now();
    const { requestId } = origin;
    // An item's queue key is its own id: it has no delivery of its own.
    const itemIds = command.items.map(() => randomUUID());
    const attributes = { 'pdfgen.batch.id': batchId, 'pdfgen.batch.items': itemIds.length };
    await tracing().inSpan('batch enqueue', { kind: 'producer', parent: origin.traceparent, attributes }, async (span) => {
      const traceparent = span.traceparent ?? null;
      await atomically(this.dataSource, function* (): SqlScript<void> {
        yield sql(
          `INSERT INTO batches (id, workspace_id, status, item_count, merge, webhook_url, webhook_headers, delivery_id, attempts, mode, request_id, created_at, updated_at)
           VALUES (?, ?, 'queued', ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
          batchId, workspace.id, command.items.length, command.merge ? 1 : 0, command.webhook?.url ?? null,
          command.webhook ? JSON.stringify(command.webhook.headers) : null, command.webhook ? newDeliveryId() : null, workspace.keyMode, requestId, now, now,
        );
        for (const [index, item] of command.items.entries()) {
          yield sql(
            `INSERT INTO jobs (id, workspace_id, template_id, status, request, webhook_url, webhook_headers, delivery_id, attempts, request_id, traceparent, mode, batch_id, batch_index, created_at, updated_at)
             VALUES (?, ?, ?, 'queued', ?, '', '{}', ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
            itemIds[index], workspace.id, item.templateId, JSON.stringify(jobRequest(item)), itemIds[index], requestId, traceparent, workspace.keyMode, batchId, index, now, now,
          );
        }
      });
      await this.queueOrWithdraw(batchId, itemIds);
    });
    return { success: true, batchId, items: itemIds.length };
  }

  /** A batch of this workspace with its items in order; another workspace's batch is not found, like a missing one. */
  async view(workspaceId: string, batchId: string): Promise<BatchView> {
    const batch = await this.batches.findOneBy({ id: batchId, workspaceId });
    if (!batch) throw new ApiError('BATCH_NOT_FOUND', { params: { id: batchId } });
    return toBatchView(batch, await findBatchItems(this.jobs, batchId));
  }

  /** The workspace's newest batches with how many items have succeeded and failed so far. */
  async recent(workspaceId: string, limit: number): Promise<BatchSummary[]> {
    const batches = await this.batches.find({ where: { workspaceId }, order: { createdAt: 'DESC' }, take: limit });
    if (batches.length === 0) return [];
    const counts = await this.jobs
      .createQueryBuilder('job')
      .select('job.batchId', 'batchId')
      .addSelect('job.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .where('job.batchId IN (:...ids)', { ids: batches.map((batch) => batch.id) })
      .andWhere('job.status IN (:...ended)', { ended: ['delivered', 'failed'] })
      .groupBy('job.batchId')
      .addGroupBy('job.status')
      .getRawMany<{ batchId: string; status: string; count: string | number }>();
    const count = (id: string, status: string) => Number(counts.find((row) => row.batchId === id && row.status === status)?.count ?? 0);
    return batches.map((batch) => ({
      id: batch.id,
      status: batch.status,
      itemCount: batch.itemCount,
      succeeded: count(batch.id, 'delivered'),
      failed: count(batch.id, 'failed'),
      mergedPdfUrl: batch.mergedPdfUrl,
      mode: batch.mode,
      createdAt: new Date(batch.createdAt).toISOString(),
      finishedAt: batch.finishedAt === null ? null : new Date(batch.finishedAt).toISOString(),
    }));
  }

  /**
   * Queues every item. If the queue refuses, a batch none of whose items has started is
   * withdrawn and the caller told 503, so a retry cannot leave a duplicate; once an item has
   * started, the batch stays and the sweep queues the rest.
   */
  private async queueOrWithdraw(batchId: string, itemIds: string[]): Promise<void> {
    try {
      for (const id of itemIds) await this.queue.enqueue(id, id);
    } catch (error) {
      const withdrawn = await atomically(this.dataSource, function* (): SqlScript<boolean> {
        const { rows } = yield sql("SELECT COUNT(*) AS started FROM jobs WHERE batch_id = ? AND status <> 'queued'", batchId);
        if (Number(rows[0].started) > 0) return false;
        yield sql('DELETE FROM jobs WHERE batch_id = ?', batchId);
        yield sql('DELETE FROM batches WHERE id = ?', batchId);
        return true;
      });
      if (!withdrawn) return;
      this.logger.error('could not queue a batch: refused with 503', { batchId, error: String(error) });
      throw new ApiError('SERVER_BUSY', { headers: { 'Retry-After': String(QUEUE_RETRY_AFTER_S) }, cause: error });
    }
  }

  /** The whole batch must fit in what remains of the month (a test key's batch: of the test allowance). */
  private async checkQuota(workspace: AuthenticatedWorkspace, requested: number): Promise<void> {
    const limit = workspace.keyMode === 'test' ? workspace.testLimit : workspace.monthlyLimit;
    const { used, remaining } = await this.usage.snapshot(workspace.id, limit, undefined, workspace.keyMode);
    if (remaining >= requested) return;
    throw new ApiError('QUOTA_EXCEEDED', {
      extra: { limit, used, remaining, requested },
      headers: { 'X-Usage-Remaining': String(remaining), 'Retry-After': String(secondsUntilNextPeriod()) },
    });
  }
}
