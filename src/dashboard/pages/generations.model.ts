import type { GenerationView } from '../../history/generation-record';
import { dateTime, formatBytes, formatCount } from './format';

/** One row of views/pages/generations.liquid. */
export interface GenerationRow {
  id: string;
  createdAt: string;
  time: string;
  /** The time in two parts, for a narrow column: `2 Mar 2025` and `14:05:31`. */
  date: string;
  clock: string;
  templateId: string;
  templateVersion: string;
  outputFormat: string;
  status: string;
  /** Why a failed generation failed (the history's `error`), or null. */
  error: string | null;
  pages: string;
  size: string;
  /** Exact bytes, for the cell's title. */
  sizeExact: string;
  ms: string;
  mode: string;
  pdfUrl: string | null;
  jobId: string | null;
  requestId: string;
}

export function generationRow(g: GenerationView, publicUrl: string): GenerationRow {
  return {
    id: g.id,
    createdAt: g.createdAt,
    time: dateTime(g.createdAt),
    date: dateTime(g.createdAt).split(', ')[0],
    clock: g.createdAt.slice(11, 19),
    templateId: g.templateId,
    templateVersion: g.templateVersion,
    outputFormat: g.outputFormat,
    status: g.status,
    error: g.error ?? null,
    pages: g.pages === undefined ? '–' : formatCount(g.pages),
    size: g.sizeBytes === undefined ? '–' : formatBytes(g.sizeBytes),
    sizeExact: g.sizeBytes === undefined ? '' : `${formatCount(g.sizeBytes)} bytes`,
    ms: `${formatCount(g.generationTimeMs)} ms`,
    mode: g.mode,
    pdfUrl: hostedFileLink(g.pdfUrl, publicUrl),
    jobId: g.jobId ?? null,
    requestId: g.requestId,
  };
}

/**
 * A hosted file's link, only when it is a `/files/...` URL of this service: the history stores the
 * URL as it was answered, and the page never turns something else into a link.
 */
export function hostedFileLink(pdfUrl: string | undefined, publicUrl: string): string | null {
  if (!pdfUrl) return null;
  try {
    const url = new URL(pdfUrl);
    const base = new URL(publicUrl);
    if (url.origin !== base.origin || !/^\/files\/[\w-]+\.pdf$/.test(url.pathname.slice(base.pathname.replace(/\/$/, '').length))) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** The generations page with these filters (and a cursor, for a later page). */
export function generationsLink(filters: { templateId?: string; status?: string }, cursor?: string): string {
  const query = new URLSearchParams();
  if (filters.templateId) query.set('templateId', filters.templateId);
  if (filters.status) query.set('status', filters.status);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return search ? `/dashboard/generations?${search}` : '/dashboard/generations';
}

/** The URL of the next ("Older") page: the filters kept, the cursor added. */
export function olderLink(filters: { templateId?: string; status?: string }, nextCursor: string | null): string | null {
  return nextCursor ? generationsLink(filters, nextCursor) : null;
}
