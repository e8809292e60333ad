import type { BatchSummary } from '../../batches/batches.service';
import type { BatchView } from '../../batches/batch-view';
import { dateTime, formatCount } from './format';
import { hostedFileLink } from './generations.model';

/** How many batches the generations page lists above the history. */
export const RECENT_BATCHES = 5;

/** One row of the batches card on views/pages/generations.liquid. */
export interface BatchRow {
  id: string;
  shortId: string;
  createdAt: string;
  time: string;
  status: string;
  /** `498 of 500 succeeded` (and how many failed). */
  progress: string;
  ended: boolean;
  mode: string;
  mergedPdfUrl: string | null;
  href: string;
}

export function batchRow(batch: BatchSummary, publicUrl: string): BatchRow {
  const failed = batch.failed > 0 ? `, ${formatCount(batch.failed)} failed` : '';
  return {
    id: batch.id,
    shortId: batch.id.slice(0, 8),
    createdAt: batch.createdAt,
    time: dateTime(batch.createdAt),
    status: batch.status,
    progress: `${formatCount(batch.succeeded)} of ${formatCount(batch.itemCount)} succeeded${failed}`,
    ended: batch.finishedAt !== null,
    mode: batch.mode,
    mergedPdfUrl: hostedFileLink(batch.mergedPdfUrl ?? undefined, publicUrl),
    href: `/dashboard/generations/batches/${batch.id}`,
  };
}

/** One item of views/pages/batch.liquid. */
export interface BatchItemRow {
  number: string;
  status: string;
  pdfUrl: string | null;
  error: string | null;
}

/** What views/pages/batch.liquid shows of a batch. */
export function batchPage(batch: BatchView, publicUrl: string) {
  const count = (status: string) => batch.items.filter((item) => item.status === status).length;
  const failed = count('failed');
  return {
    batch: {
      id: batch.id,
      status: batch.status,
      createdAt: batch.createdAt,
      time: dateTime(batch.createdAt),
      finishedTime: batch.finishedAt ? dateTime(batch.finishedAt) : null,
      progress: `${formatCount(count('succeeded'))} of ${formatCount(batch.items.length)} succeeded${failed > 0 ? `, ${formatCount(failed)} failed` : ''}`,
      mergedPdfUrl: hostedFileLink(batch.mergedPdfUrl, publicUrl),
    },
    items: batch.items.map(
      (item): BatchItemRow => ({ number: formatCount(item.index + 1), status: item.status, pdfUrl: hostedFileLink(item.pdfUrl, publicUrl), error: item.error ?? null }),
    ),
  };
}
