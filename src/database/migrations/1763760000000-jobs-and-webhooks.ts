import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Webhook jobs, their deliveries and attempts, and the embedded job queue. Times are epoch
 * milliseconds in bigint columns so that raw SQL compares them alike on SQLite and PostgreSQL.
 */
export class JobsAndWebhooks1763760000000 implements MigrationInterface {
  name = 'JobsAndWebhooks1763760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const workspaceFk = { columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' };
    const jobFk = { columnNames: ['job_id'], referencedTableName: 'jobs', referencedColumnNames: ['id'], onDelete: 'CASCADE' };
    await queryRunner.createTable(
      new Table({
        name: 'jobs',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'template_id', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'request', type: 'text' },
          { name: 'webhook_url', type: 'varchar', length: '2048' },
          { name: 'webhook_headers', type: 'text' },
          { name: 'delivery_id', type: 'varchar', length: '40' },
          { name: 'pdf_url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'generated_at', type: 'varchar', length: '30', isNullable: true },
          { name: 'generation_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'usage_period', type: 'varchar', length: '7', isNullable: true },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        indices: [{ name: 'idx_jobs_status', columnNames: ['status'] }],
        foreignKeys: [workspaceFk],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'job_id', type: 'varchar', length: '36' },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        indices: [
          { name: 'idx_webhook_deliveries_workspace', columnNames: ['workspace_id', 'created_at'] },
          { name: 'idx_webhook_deliveries_job', columnNames: ['job_id'] },
        ],
        foreignKeys: [jobFk],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'webhook_attempts',
        columns: [
          { name: 'delivery_id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'number', type: 'integer', isPrimary: true },
          { name: 'attempted_at', type: 'bigint' },
          { name: 'status_code', type: 'integer', isNullable: true },
          { name: 'error', type: 'varchar', length: '500', isNullable: true },
          { name: 'duration_ms', type: 'integer' },
        ],
        foreignKeys: [{ columnNames: ['delivery_id'], referencedTableName: 'webhook_deliveries', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'job_queue',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'job_id', type: 'varchar', length: '36' },
          { name: 'run_at', type: 'bigint' },
          { name: 'locked_by', type: 'varchar', length: '64', isNullable: true },
          { name: 'locked_until', type: 'bigint', isNullable: true },
        ],
        indices: [{ name: 'idx_job_queue_run_at', columnNames: ['run_at'] }],
        foreignKeys: [jobFk],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('job_queue');
    await queryRunner.dropTable('webhook_attempts');
    await queryRunner.dropTable('webhook_deliveries');
    await queryRunner.dropTable('jobs');
  }
}
