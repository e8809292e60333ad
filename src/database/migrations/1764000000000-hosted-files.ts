import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Which workspace made each hosted file, so that only its keys can erase it (DECISIONS section 11).
 * Ids only, never a PDF's bytes. `created_at` is epoch milliseconds. No foreign key to workspaces:
 * nothing more to check on every `url` generation, and who made a file is kept as long as the file.
 */
export class HostedFiles1764000000000 implements MigrationInterface {
  name = 'HostedFiles1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'hosted_files',
        columns: [
          { name: 'file_id', type: 'varchar', length: '67', isPrimary: true },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'created_at', type: 'bigint' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('hosted_files');
  }
}
