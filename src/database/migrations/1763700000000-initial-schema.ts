import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { timestampType } from '../column-types';

/** Workspaces, API keys and monthly usage counters. Written with TypeORM's Table API so one migration serves SQLite and PostgreSQL. */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const timestamp = timestampType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'workspaces',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'plan', type: 'varchar', length: '16' },
          { name: 'monthly_limit', type: 'integer', isNullable: true },
          { name: 'suspended', type: 'boolean', default: false },
          { name: 'enabled_templates', type: 'text', isNullable: true },
          { name: 'webhook_secret', type: 'varchar', length: '100' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'name', type: 'varchar', length: '200', isNullable: true },
          { name: 'key_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'key_prefix', type: 'varchar', length: '16' },
          { name: 'created_at', type: timestamp, default: 'CURRENT_TIMESTAMP' },
          { name: 'revoked_at', type: timestamp, isNullable: true },
        ],
        indices: [{ name: 'idx_api_keys_workspace', columnNames: ['workspace_id'] }],
        foreignKeys: [{ columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'usage_counters',
        columns: [
          { name: 'workspace_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'period', type: 'varchar', length: '7', isPrimary: true },
          { name: 'used', type: 'integer', default: 0 },
        ],
        foreignKeys: [{ columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('usage_counters');
    await queryRunner.dropTable('api_keys');
    await queryRunner.dropTable('workspaces');
  }
}
