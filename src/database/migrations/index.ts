import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { JobsAndWebhooks1763760000000 } from './1763760000000-jobs-and-webhooks';
import { UsageReservations1763800000000 } from './1763800000000-usage-reservations';

/** In order of their timestamps. */
export const MIGRATIONS = [InitialSchema1763700000000, JobsAndWebhooks1763760000000, UsageReservations1763800000000];
