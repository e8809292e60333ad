import type { Repository } from 'typeorm';
import type { JobEntity } from '../jobs/job.entity';
import type { BatchItemRow } from './batch-view';

/** A batch's items in order, with what its view needs of each. */
export function findBatchItems(jobs: Repository<JobEntity>, batchId: string): Promise<BatchItemRow[]> {
  return jobs.find({ select: { batchIndex: true, status: true, pdfUrl: true, generationError: true }, where: { batchId }, order: { batchIndex: 'ASC' } });
}
