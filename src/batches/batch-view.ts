import type { JobEntity } from '../jobs/job.entity';
import type { BatchEntity, BatchStatus } from './batch.entity';

export type BatchItemStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface BatchItemView {
  index: number;
  status: BatchItemStatus;
  pdfUrl?: string;
  error?: string;
}

/** The answer of GET /api/v1/batches/:id, and the body of its webhook with `type` (DECISIONS sections 15 and 17). */
export interface BatchView {
  success: true;
  id: string;
  status: BatchStatus;
  items: BatchItemView[];
  mergedPdfUrl?: string;
  createdAt: string;
  finishedAt?: string;
}

export type BatchItemRow = Pick<JobEntity, 'batchIndex' | 'status' | 'pdfUrl' | 'generationError'>;

export function toBatchView(batch: BatchEntity, items: BatchItemRow[]): BatchView {
  return {
    success: true,
    id: batch.id,
    status: batch.status,
    items: items.map(toItemView),
    ...(batch.mergedPdfUrl ? { mergedPdfUrl: batch.mergedPdfUrl } : {}),
    createdAt: new Date(batch.createdAt).toISOString(),
    ...(batch.finishedAt !== null ? { finishedAt: new Date(batch.finishedAt).toISOString() } : {}),
  };
}

/** An item's job status as the batch reports it: a rendered item is done (it has no delivery of its own). */
function toItemView(item: BatchItemRow): BatchItemView {
  const index = item.batchIndex ?? 0;
  if (item.status === 'queued') return { index, status: 'queued' };
  if (item.status === 'rendering') return { index, status: 'running' };
  if (item.generationError !== null || !item.pdfUrl) return { index, status: 'failed', error: item.generationError ?? 'PDF generation failed' };
  return { index, status: 'succeeded', pdfUrl: item.pdfUrl };
}

/** What the items came to, once none is left to render. */
export function finalStatus(items: BatchItemRow[]): BatchStatus {
  const succeeded = items.filter((item) => toItemView(item).status === 'succeeded').length;
  return succeeded === items.length ? 'succeeded' : succeeded === 0 ? 'failed' : 'partial';
}
