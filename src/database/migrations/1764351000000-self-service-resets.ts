import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * "Forgot password" (issue 37): a link the person asks for by email belongs to no one workspace, so
 * `password_resets.workspace_id` may be null; its use is recorded in each workspace of the person.
 */
export class SelfServiceResets1764351000000 implements MigrationInterface {
  name = 'SelfServiceResets1764351000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.changeColumn('password_resets', 'workspace_id', new TableColumn({ name: 'workspace_id', type: 'varchar', length: '36', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM password_resets WHERE workspace_id IS NULL');
    await queryRunner.changeColumn('password_resets', 'workspace_id', new TableColumn({ name: 'workspace_id', type: 'varchar', length: '36' }));
  }
}
