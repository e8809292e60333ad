import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Every generation, succeeded or failed, direct or through a webhook job (DECISIONS section 11),
 * kept HISTORY_DAYS. Read newest first per workspace: (workspace_id, created_at, id) is the
 * cursor's order. Jobs keep the request id of the request that made them.
 */
export class GenerationHistory1763900000000 implements MigrationInterface {
  name = 'GenerationHistory1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'generations',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'template_id', type: 'varchar', length: '200' },
          { name: 'template_version', type: 'varchar', length: '50' },
          { name: 'output_format', type: 'varchar', length: '10' },
          { name: 'status', type: 'varchar', length: '10' },
          { name: 'pdf_url', type: 'text', isNullable: true },
          { name: 'job_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'size_bytes', type: 'integer', isNullable: true },
          { name: 'pages', type: 'integer', isNullable: true },
          { name: 'generation_time_ms', type: 'integer' },
          { name: 'request_id', type: 'varchar', length: '128' },
          { name: 'mode', type: 'varchar', length: '10' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          { name: 'idx_generations_workspace_order', columnNames: ['workspace_id', 'created_at', 'id'] },
          { name: 'idx_generations_created', columnNames: ['created_at'] },
        ],
        foreignKeys: [{ columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.addColumn('jobs', new TableColumn({ name: 'request_id', type: 'varchar', length: '128', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('jobs', 'request_id');
    await queryRunner.dropTable('generations');
  }
}
