import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On SQLite, usage_reservations becomes a WITHOUT ROWID table keyed by its id, without the index on
 * (workspace_id, period, expires_at). Every generation inserts a row and deletes it again, each in a
 * commit of its own: with a rowid table, its primary-key index and that index, each commit wrote
 * three B-trees' pages to the WAL; now one. The table only holds generations in progress (and the
 * rare lapsed one until its workspace's next reservation), so the lapse queries scan a few rows.
 * Reserve and confirm in a loop on a copy of the bench's database (`process.cpuUsage`): 27-29 ->
 * 18-20 us a generation, half of it in system time (the WAL's writes). PostgreSQL keeps its table.
 */
export class UsageReservationsWithoutRowid1764410000000 implements MigrationInterface {
  name = 'UsageReservationsWithoutRowid1764410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'better-sqlite3') return;
    await rebuildReservations(queryRunner, true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'better-sqlite3') return;
    await rebuildReservations(queryRunner, false);
    await queryRunner.query('CREATE INDEX idx_usage_reservations_expiry ON usage_reservations (workspace_id, period, expires_at)');
  }
}

/** usage_reservations made again with its rows, as a WITHOUT ROWID table or a rowid one (SQLite has no ALTER for that). */
async function rebuildReservations(queryRunner: QueryRunner, withoutRowid: boolean): Promise<void> {
  await queryRunner.query(
    `CREATE TABLE usage_reservations_rebuilt (
      id varchar(36) PRIMARY KEY NOT NULL,
      workspace_id varchar(36) NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      period varchar(12) NOT NULL,
      expires_at bigint NOT NULL
    )${withoutRowid ? ' WITHOUT ROWID' : ''}`,
  );
  await queryRunner.query('INSERT INTO usage_reservations_rebuilt (id, workspace_id, period, expires_at) SELECT id, workspace_id, period, expires_at FROM usage_reservations');
  await queryRunner.query('DROP TABLE usage_reservations');
  await queryRunner.query('ALTER TABLE usage_reservations_rebuilt RENAME TO usage_reservations');
}
