import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { openDataSource } from './open-data-source';

describe('dataSourceOptions (SQLite)', () => {
  let dataDir: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-sqlite-'));
    dataSource = await openDataSource(dataSourceOptions({ dataDir }));
  });
  afterAll(async () => {
    await dataSource?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const pragma = async (name: string): Promise<unknown> => Object.values((await dataSource.query(`PRAGMA ${name}`))[0])[0];

  it('keeps the page cache at SQLite’s own 2 MB, not the driver’s 16 MB', async () => {
    expect(await pragma('cache_size')).toBe(-2000);
  });

  it('enforces foreign keys, writes ahead and syncs at NORMAL', async () => {
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1);
  });
});
