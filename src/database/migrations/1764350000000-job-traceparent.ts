import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** The W3C traceparent a job continues (DECISIONS section 16, tracing): `00-` + 32 + `-` + 16 + `-` + 2 characters. */
export class JobTraceparent1764350000000 implements MigrationInterface {
  name = 'JobTraceparent1764350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('jobs', new TableColumn({ name: 'traceparent', type: 'varchar', length: '55', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('jobs', 'traceparent');
  }
}
