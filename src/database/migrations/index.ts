import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { JobsAndWebhooks1763760000000 } from './1763760000000-jobs-and-webhooks';

/** In order of their timestamps. */
export const MIGRATIONS = [InitialSchema1763700000000, JobsAndWebhooks1763760000000];
