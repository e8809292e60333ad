import { ERROR_CATALOGUE } from '../common/errors/error-catalogue';
import { JobEntity, jobTemplateVersion } from '../jobs/job.entity';

const GENERATION_FAILED = ERROR_CATALOGUE.GENERATION_FAILED.message;

/**
 * The JSON POSTed to a job's webhook (DECISIONS sections 6, 9 and 17): the spec's success body plus
 * `type`, `templateVersion` and `jobId`, or the failure body when rendering failed. Built from stored fields only, so
 * every attempt of a delivery sends the same bytes.
 */
export function webhookBody(job: JobEntity): string {
  const template = { templateId: job.templateId, templateVersion: jobTemplateVersion(job) };
  if (job.generationError !== null) {
    return JSON.stringify({ type: 'generation.failed', success: false, error: GENERATION_FAILED, details: job.generationError, ...template, jobId: job.id });
  }
  return JSON.stringify({ type: 'generation.succeeded', success: true, pdfUrl: job.pdfUrl, ...template, generatedAt: job.generatedAt, jobId: job.id });
}

/** A job's lastError when its rendering failed; null when it did not. */
export function generationFailure(job: Pick<JobEntity, 'generationError'>): string | null {
  return job.generationError === null ? null : `${GENERATION_FAILED}: ${job.generationError}`;
}
