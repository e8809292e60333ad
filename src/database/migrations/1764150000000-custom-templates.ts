import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Custom templates (DECISIONS section 9) and their versions. A template row names its newest
 * version; each version holds its names and its definition as JSON text. Deleting a workspace
 * deletes its templates, deleting a template its versions. (workspace_id, template_id, sequence)
 * orders the versions and finds the newest with one index lookup.
 */
export class CustomTemplates1764150000000 implements MigrationInterface {
  name = 'CustomTemplates1764150000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'custom_templates',
        columns: [
          { name: 'workspace_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'version', type: 'varchar', length: '50' },
          { name: 'last_sequence', type: 'integer' },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        foreignKeys: [{ columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'custom_template_versions',
        columns: [
          { name: 'uid', type: 'varchar', length: '36', isPrimary: true },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'template_id', type: 'varchar', length: '64' },
          { name: 'version', type: 'varchar', length: '50' },
          { name: 'sequence', type: 'integer' },
          { name: 'name', type: 'text' },
          { name: 'description', type: 'text' },
          { name: 'category', type: 'varchar', length: '32' },
          { name: 'definition', type: 'text' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          { name: 'idx_custom_template_versions_version', columnNames: ['workspace_id', 'template_id', 'version'], isUnique: true },
          { name: 'idx_custom_template_versions_sequence', columnNames: ['workspace_id', 'template_id', 'sequence'], isUnique: true },
        ],
        foreignKeys: [
          {
            columnNames: ['workspace_id', 'template_id'],
            referencedTableName: 'custom_templates',
            referencedColumnNames: ['workspace_id', 'id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('custom_template_versions');
    await queryRunner.dropTable('custom_templates');
  }
}
