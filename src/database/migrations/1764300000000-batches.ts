import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Batches (DECISIONS section 15): one row per batch, and its items as jobs rows that name it.
 * An item is a job without a webhook of its own: it rides the same durable queue, counts its
 * generation through the job's usage mark, and its batch is finished by the last item's worker.
 */
export class Batches1764300000000 implements MigrationInterface {
  name = 'Batches1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'batches',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'item_count', type: 'integer' },
          // 0 or 1: raw statements bind it alike on both databases.
          { name: 'merge', type: 'integer', default: 0 },
          { name: 'merged_pdf_url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'merge_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'webhook_url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'webhook_headers', type: 'text', isNullable: true },
          { name: 'delivery_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'delivery_status', type: 'varchar', length: '16', isNullable: true },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'finisher_job_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'mode', type: 'varchar', length: '4', default: "'live'" },
          { name: 'request_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'finished_at', type: 'bigint', isNullable: true },
          { name: 'updated_at', type: 'bigint' },
        ],
        indices: [{ name: 'idx_batches_workspace', columnNames: ['workspace_id', 'created_at'] }],
        foreignKeys: [{ columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.addColumns('jobs', [
      new TableColumn({ name: 'batch_id', type: 'varchar', length: '36', isNullable: true }),
      new TableColumn({ name: 'batch_index', type: 'integer', isNullable: true }),
    ]);
    await queryRunner.createIndex('jobs', new TableIndex({ name: 'idx_jobs_batch', columnNames: ['batch_id', 'batch_index'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('jobs', 'idx_jobs_batch');
    await queryRunner.dropColumn('jobs', 'batch_index');
    await queryRunner.dropColumn('jobs', 'batch_id');
    await queryRunner.dropTable('batches');
  }
}
