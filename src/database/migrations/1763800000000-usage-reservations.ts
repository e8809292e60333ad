import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Generations in progress: each holds one unit of its month's counter until it is confirmed
 * (kept) or released (given back). One whose process died is given back once `expires_at`
 * (epoch milliseconds) has passed.
 */
export class UsageReservations1763800000000 implements MigrationInterface {
  name = 'UsageReservations1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'usage_reservations',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'period', type: 'varchar', length: '7' },
          { name: 'expires_at', type: 'bigint' },
        ],
        indices: [{ name: 'idx_usage_reservations_expiry', columnNames: ['workspace_id', 'period', 'expires_at'] }],
        foreignKeys: [{ columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('usage_reservations');
  }
}
