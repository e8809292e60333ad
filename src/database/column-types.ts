import type { QueryRunner } from 'typeorm';

/** The timestamp column type each supported database stores a JS Date in. */
export function timestampType(queryRunner: QueryRunner): string {
  return queryRunner.connection.options.type === 'postgres' ? 'timestamptz' : 'datetime';
}

export function isPostgres(queryRunner: QueryRunner): boolean {
  return queryRunner.connection.options.type === 'postgres';
}
