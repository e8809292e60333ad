import type { DataSource } from 'typeorm';

/** Positional placeholder for the i-th (1-based) parameter of a raw query in this database's dialect. */
export function placeholder(dataSource: DataSource, index: number): string {
  return dataSource.options.type === 'postgres' ? `$${index}` : '?';
}
