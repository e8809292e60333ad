import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * A one-time message of a dashboard session (the new API key after "Create key"), shown by the
 * page the POST redirects to and then cleared. Sealed with a key derived from the session's cookie
 * token, which the database never holds, so a copy of the table reveals nothing.
 */
export class SessionFlash1764380000000 implements MigrationInterface {
  name = 'SessionFlash1764380000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('sessions', new TableColumn({ name: 'flash', type: 'varchar', length: '2000', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('sessions', 'flash');
  }
}
