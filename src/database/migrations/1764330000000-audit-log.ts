import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The audit log (DECISIONS section 16), kept AUDIT_DAYS. Read newest first per workspace (the
 * dashboard), per action, or all (the operator); (at, id) is the cursor's order, and `at` alone
 * serves pruning. No foreign key to workspaces: a record of what happened outlives what it names.
 */
export class AuditLog1764330000000 implements MigrationInterface {
  name = 'AuditLog1764330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'at', type: 'bigint' },
          { name: 'workspace_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'action', type: 'varchar', length: '50' },
          { name: 'actor_type', type: 'varchar', length: '10' },
          { name: 'actor_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'target_type', type: 'varchar', length: '30' },
          { name: 'target_id', type: 'varchar', length: '200', isNullable: true },
          { name: 'ip', type: 'varchar', length: '64', isNullable: true },
          { name: 'request_id', type: 'varchar', length: '128', isNullable: true },
        ],
        indices: [
          { name: 'idx_audit_workspace_order', columnNames: ['workspace_id', 'at', 'id'] },
          { name: 'idx_audit_action_order', columnNames: ['action', 'at', 'id'] },
          { name: 'idx_audit_order', columnNames: ['at', 'id'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_log');
  }
}
