import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { timestampType } from '../column-types';

/**
 * When an API key was last used (DECISIONS section 10: the dashboard's keys page shows it).
 * Written at most once a minute per key and process, so it costs the API nothing measurable.
 */
export class ApiKeyLastUsed1764210000000 implements MigrationInterface {
  name = 'ApiKeyLastUsed1764210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('api_keys', new TableColumn({ name: 'last_used_at', type: timestampType(queryRunner), isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('api_keys', 'last_used_at');
  }
}
