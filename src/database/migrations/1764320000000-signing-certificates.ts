import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** One signing certificate per workspace (DECISIONS section 15), sealed; deleting the workspace deletes it. */
export class SigningCertificates1764320000000 implements MigrationInterface {
  name = 'SigningCertificates1764320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'signing_certificates',
        columns: [
          { name: 'workspace_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'subject', type: 'text' },
          { name: 'issuer', type: 'text' },
          { name: 'not_after', type: 'bigint' },
          { name: 'sealed', type: 'text' },
          { name: 'updated_at', type: 'bigint' },
        ],
        foreignKeys: [{ columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('signing_certificates');
  }
}
