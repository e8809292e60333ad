import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Test keys (DECISIONS section 11): a key's mode, and a job's, so that its generation is
 * watermarked and counted apart. A test counter is the month's with `:test` after it
 * (`2026-11:test`), so the counter columns take 12 characters (SQLite does not enforce lengths).
 */
export class TestKeys1764050000000 implements MigrationInterface {
  name = 'TestKeys1764050000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mode = () => new TableColumn({ name: 'mode', type: 'varchar', length: '4', default: "'live'" });
    await queryRunner.addColumn('api_keys', mode());
    await queryRunner.addColumn('jobs', mode());
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query('ALTER TABLE usage_counters ALTER COLUMN period TYPE varchar(12)');
      await queryRunner.query('ALTER TABLE usage_reservations ALTER COLUMN period TYPE varchar(12)');
      await queryRunner.query('ALTER TABLE jobs ALTER COLUMN usage_period TYPE varchar(12)');
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('jobs', 'mode');
    await queryRunner.dropColumn('api_keys', 'mode');
  }
}
