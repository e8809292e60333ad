import type { ValueTransformer } from 'typeorm';

/**
 * Times of jobs and deliveries are stored as epoch milliseconds in `bigint` columns: raw SQL
 * compares them the same way on SQLite and PostgreSQL. PostgreSQL hands bigints back as strings.
 */
export const epochMs: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
