import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { isPostgres } from '../column-types';

/**
 * Idempotency-Key claims and the answers they replay (DECISIONS section 11). The primary key
 * (workspace_id, idempotency_key) makes a claim one atomic INSERT across replicas. A row counts
 * until `expires_at` (epoch ms): a claim's deadline while `state` is `processing`, 24 hours
 * after the answer once `done`. The answer is its status, headers (JSON), and either its JSON
 * body or its PDF bytes.
 */
export class IdempotencyKeys1764100000000 implements MigrationInterface {
  name = 'IdempotencyKeys1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          { name: 'workspace_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'idempotency_key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'request_digest', type: 'varchar', length: '64' },
          { name: 'claim_id', type: 'varchar', length: '36' },
          { name: 'state', type: 'varchar', length: '10' },
          { name: 'reply_status', type: 'integer', isNullable: true },
          { name: 'reply_headers', type: 'text', isNullable: true },
          { name: 'reply_json', type: 'text', isNullable: true },
          { name: 'reply_pdf', type: isPostgres(queryRunner) ? 'bytea' : 'blob', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'expires_at', type: 'bigint' },
        ],
        indices: [{ name: 'idx_idempotency_keys_expiry', columnNames: ['expires_at'] }],
        foreignKeys: [{ columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_keys');
  }
}
