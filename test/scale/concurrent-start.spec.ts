import { tmpdir } from 'node:os';
import { MIGRATIONS } from '../../src/database/migrations';
import { createTestDatabase, TestDatabase } from '../support/postgres';
import { openStore, StoreServices } from '../support/store-services';

/** Several replicas starting at the same moment on one empty PostgreSQL database. */
describe('replicas starting at once on PostgreSQL', () => {
  let database: TestDatabase;
  let replicas: StoreServices[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    replicas = await Promise.all(Array.from({ length: 4 }, () => openStore({ dataDir: tmpdir(), databaseUrl: database.url })));
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.dataSource.destroy()));
    await database?.drop();
  });

  it('all start, and each migration runs once', async () => {
    const applied: Array<{ name: string }> = await replicas[0].dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('exactly one creates the default workspace', async () => {
    const results = await Promise.all(replicas.map((r) => r.bootstrap.bootstrapIfEmpty()));
    expect(results.filter((created) => created !== null)).toHaveLength(1);
    expect((await replicas[1].workspaces.list()).map((w) => w.name)).toEqual(['default']);
  });

  it('stores every timestamp with its time zone', async () => {
    const columns: Array<{ table_name: string; column_name: string; data_type: string }> = await replicas[0].dataSource.query(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> 'migrations' AND data_type LIKE 'timestamp%'`,
    );
    expect(columns.length).toBeGreaterThan(0);
    expect(columns.filter((c) => c.data_type !== 'timestamp with time zone')).toEqual([]);
  });
});
