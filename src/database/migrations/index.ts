import { InitialSchema1763700000000 } from './1763700000000-initial-schema';

/** In order of their timestamps. */
export const MIGRATIONS = [InitialSchema1763700000000];
