import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { makePrivateDatabaseFile, makePrivateDir } from './private-files';

/**
 * SQLite under DATA_DIR by default; PostgreSQL when DATABASE_URL is set. Migrations, never synchronize;
 * openDataSource runs them (under a lock), so TypeORM's own unlocked migrationsRun stays off.
 */
export function dataSourceOptions(config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, migrationsRun: false, synchronize: false, logging: false } as const;
  if (config.databaseUrl) {
    return { ...common, type: 'postgres', url: config.databaseUrl, extra: { max: 10 } };
  }
  makePrivateDir(config.dataDir);
  const database = join(config.dataDir, 'pdfgen.sqlite');
  makePrivateDatabaseFile(database);
  return {
    ...common,
    type: 'better-sqlite3',
    database,
    enableWAL: true,
    // The CLI and the server may share the file: wait for a lock instead of failing.
    timeout: 10_000,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('synchronous = NORMAL');
    },
  };
}
