import type { JobEntity, JobStatus } from './job.entity';

/** The answer of GET /api/v1/jobs/:jobId (DECISIONS section 6). */
export interface JobView {
  success: true;
  jobId: string;
  status: JobStatus;
  templateId: string;
  pdfUrl?: string;
  attempts: number;
  lastError?: string;
  createdAt: string;
  updatedAt: string;
}

export function toJobView(job: JobEntity): JobView {
  return {
    success: true,
    jobId: job.id,
    status: job.status,
    templateId: job.templateId,
    ...(job.pdfUrl ? { pdfUrl: job.pdfUrl } : {}),
    attempts: job.attempts,
    ...(job.lastError ? { lastError: job.lastError } : {}),
    createdAt: new Date(job.createdAt).toISOString(),
    updatedAt: new Date(job.updatedAt).toISOString(),
  };
}
