import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Password reset links (DECISIONS section 16): single use, valid 1 hour, only the SHA-256 of the
 * token kept. `workspace_id` is the workspace the link was made for (its audit log records the
 * reset); `issued_by_*` is who made it (an owner or the operator). Deleting the user or the
 * workspace deletes their links.
 */
export class PasswordResets1764340000000 implements MigrationInterface {
  name = 'PasswordResets1764340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'password_resets',
        columns: [
          { name: 'token_digest', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'issued_by_type', type: 'varchar', length: '10' },
          { name: 'issued_by_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'expires_at', type: 'bigint' },
          { name: 'used_at', type: 'bigint', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          { name: 'idx_password_resets_user', columnNames: ['user_id'] },
          { name: 'idx_password_resets_workspace', columnNames: ['workspace_id'] },
        ],
        foreignKeys: [
          { columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('password_resets');
  }
}
