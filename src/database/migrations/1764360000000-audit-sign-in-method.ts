import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** How a person signed in (`password` or `sso`), on `user.signed_in` and `user.sign_in_failed` entries; null on the others. */
export class AuditSignInMethod1764360000000 implements MigrationInterface {
  name = 'AuditSignInMethod1764360000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('audit_log', new TableColumn({ name: 'method', type: 'varchar', length: '10', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('audit_log', 'method');
  }
}
