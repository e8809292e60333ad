import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Dashboard accounts (DECISIONS section 10): users, their memberships of workspaces, invites,
 * sessions and failed sign-ins (lock-out, shared by replicas). Secrets are stored only as SHA-256
 * digests (invite and session tokens) or scrypt hashes (passwords). Times are epoch ms. Deleting a
 * workspace deletes its memberships, invites and sessions; deleting a user, theirs.
 */
export class DashboardAccounts1764200000000 implements MigrationInterface {
  name = 'DashboardAccounts1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const workspaceFk = { columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' };
    const userFk = { columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' };
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'email', type: 'varchar', length: '254', isUnique: true },
          { name: 'password_hash', type: 'varchar', length: '200', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'memberships',
        columns: [
          { name: 'workspace_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'role', type: 'varchar', length: '10' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [{ name: 'idx_memberships_user', columnNames: ['user_id'] }],
        foreignKeys: [workspaceFk, userFk],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'invites',
        columns: [
          { name: 'token_digest', type: 'varchar', length: '64', isPrimary: true },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'user_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'role', type: 'varchar', length: '10' },
          { name: 'expires_at', type: 'bigint' },
          { name: 'used_at', type: 'bigint', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          { name: 'idx_invites_workspace', columnNames: ['workspace_id'] },
          { name: 'idx_invites_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [workspaceFk, userFk],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'token_digest', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'workspace_id', type: 'varchar', length: '36' },
          { name: 'csrf_token', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'bigint' },
          { name: 'last_seen_at', type: 'bigint' },
        ],
        indices: [
          { name: 'idx_sessions_user', columnNames: ['user_id'] },
          { name: 'idx_sessions_workspace', columnNames: ['workspace_id'] },
          { name: 'idx_sessions_last_seen', columnNames: ['last_seen_at'] },
        ],
        foreignKeys: [workspaceFk, userFk],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sign_in_failures',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'at', type: 'bigint' },
        ],
        indices: [
          { name: 'idx_sign_in_failures_email', columnNames: ['email', 'at'] },
          { name: 'idx_sign_in_failures_at', columnNames: ['at'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('sign_in_failures');
    await queryRunner.dropTable('sessions');
    await queryRunner.dropTable('invites');
    await queryRunner.dropTable('memberships');
    await queryRunner.dropTable('users');
  }
}
