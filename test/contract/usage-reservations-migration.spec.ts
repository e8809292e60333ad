import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { MIGRATIONS } from '../../src/database/migrations';
import { executeStatement, sql } from '../../src/jobs/sql-script';
import { HeldReservation, UsageService } from '../../src/usage/usage.service';
import { createTestDatabase } from '../support/postgres';

const BEFORE = MIGRATIONS.findIndex((m) => m.name === 'UsageReservationsWithoutRowid1764410000000');

/**
 * A generation in progress while the service is upgraded: its reservation is held before the
 * migration and confirmed after it. Answers the counter and what the reservations table holds.
 */
async function upgradeDuringAGeneration(config: { dataDir: string; databaseUrl?: string }) {
  const old = new DataSource({ ...dataSourceOptions(config), migrations: MIGRATIONS.slice(0, BEFORE) });
  await old.initialize();
  await old.runMigrations();
  await executeStatement(old, sql("INSERT INTO workspaces (id, name, plan, webhook_secret) VALUES ('ws', 'Acme', 'pro', 'secret')"));
  const held = (await new UsageService(old).reserve('ws', 10, new Date('2026-12-02T10:00:00Z'))) as HeldReservation;
  await old.destroy();
  const current = new DataSource(dataSourceOptions(config));
  await current.initialize();
  try {
    await current.runMigrations();
    const usage = new UsageService(current);
    const heldAfter = (await executeStatement(current, sql('SELECT COUNT(*) AS n FROM usage_reservations'))).rows[0].n;
    const confirmed = await usage.confirm(held);
    const second = (await usage.reserve('ws', 10, new Date('2026-12-02T10:00:01Z'))) as HeldReservation;
    await usage.release(second);
    const snapshot = await usage.snapshot('ws', 10, new Date('2026-12-02T10:00:02Z'));
    const left = (await executeStatement(current, sql('SELECT COUNT(*) AS n FROM usage_reservations'))).rows[0].n;
    const table = config.databaseUrl ? '' : String((await executeStatement(current, sql("SELECT sql FROM sqlite_master WHERE name = 'usage_reservations'"))).rows[0].sql);
    return { heldAfter: Number(heldAfter), confirmed, used: snapshot.used, left: Number(left), table };
  } finally {
    await current.destroy();
  }
}

/** Migration 1764410000000: the reservations table changes under generations in progress without losing one. */
describe('usage reservations migration', () => {
  it('on SQLite: a reservation held before it is kept, confirmed after it, and the table is keyed by id alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-reservations-'));
    try {
      const outcome = await upgradeDuringAGeneration({ dataDir });
      expect(outcome).toMatchObject({ heldAfter: 1, confirmed: true, used: 1, left: 0 });
      expect(outcome.table).toMatch(/WITHOUT ROWID$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL: nothing changes', async () => {
    const database = await createTestDatabase();
    try {
      expect(await upgradeDuringAGeneration({ dataDir: tmpdir(), databaseUrl: database.url })).toMatchObject({ heldAfter: 1, confirmed: true, used: 1, left: 0 });
    } finally {
      await database.drop();
    }
  });
});
