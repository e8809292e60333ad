import type { DataSource } from 'typeorm';

/** Raw SQL is written with `?` placeholders; PostgreSQL wants them numbered `$1, $2, ...`. */
export function inDialect(dataSource: DataSource, text: string): string {
  if (dataSource.options.type !== 'postgres') return text;
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
}
