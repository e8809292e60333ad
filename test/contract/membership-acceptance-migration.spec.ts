import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { MIGRATIONS } from '../../src/database/migrations';
import { executeStatement, sql } from '../../src/jobs/sql-script';
import { createTestDatabase } from '../support/postgres';

const BEFORE = MIGRATIONS.findIndex((m) => m.name === 'MembershipAcceptance1764350000000');

/** A database as it was before memberships were accepted: members with a password had joined; those without had not. */
async function upgrade(config: { dataDir: string; databaseUrl?: string }): Promise<Array<{ email: string; accepted: boolean }>> {
  const old = new DataSource({ ...dataSourceOptions(config), migrations: MIGRATIONS.slice(0, BEFORE) });
  await old.initialize();
  await old.runMigrations();
  await executeStatement(old, sql("INSERT INTO workspaces (id, name, plan, webhook_secret) VALUES ('ws', 'Acme', 'pro', 'secret')"));
  for (const [id, email, hash] of [['u1', 'joined@example.com', 'scrypt$15$8$1$c2FsdA$aGFzaA'], ['u2', 'invited@example.com', null]]) {
    await executeStatement(old, sql('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, 1)', id, email, hash));
    await executeStatement(old, sql("INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES ('ws', ?, 'member', 5)", id));
  }
  await old.destroy();
  const current = new DataSource(dataSourceOptions(config));
  await current.initialize();
  await current.runMigrations();
  const { rows } = await executeStatement(current, sql('SELECT u.email, m.accepted_at FROM memberships m JOIN users u ON u.id = m.user_id ORDER BY u.email'));
  await current.destroy();
  return rows.map((row) => ({ email: String(row.email), accepted: row.accepted_at !== null && Number(row.accepted_at) === 5 }));
}

/** Migration 1764350000000: members who had set a password keep their access; invitees still have to accept. */
describe('membership acceptance migration', () => {
  const expected = [
    { email: 'invited@example.com', accepted: false },
    { email: 'joined@example.com', accepted: true },
  ];

  it('on SQLite', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-acceptance-'));
    try {
      expect(await upgrade({ dataDir })).toEqual(expected);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL', async () => {
    const database = await createTestDatabase();
    try {
      expect(await upgrade({ dataDir: tmpdir(), databaseUrl: database.url })).toEqual(expected);
    } finally {
      await database.drop();
    }
  });
});
