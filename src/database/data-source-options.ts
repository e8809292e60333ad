import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { makePrivateDatabaseFile, makePrivateDir } from './private-files';

/**
 * SQLite's page cache, in KiB (negative: a size, not a page count). better-sqlite3 builds SQLite
 * with 16 MB where SQLite's own default is 2 MB, and the cache fills as the history table grows:
 * under the HTTP bench it held 6 MB after 75,000 generations (heaptrack) and kept growing. The hot
 * path writes at the right edge of a few B-trees; a miss reads from the OS's page cache. Bench,
 * two alternating rounds: peak RSS 222 -> 212 MB, PDFs/s unchanged within the noise.
 */
const SQLITE_CACHE_KIB = -2000;

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
      db.pragma(`cache_size = ${SQLITE_CACHE_KIB}`);
    },
  };
}
