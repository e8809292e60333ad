import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Why a failed generation failed (DECISIONS section 17: the history's `error`, the `details` of the 500). */
export class GenerationError1764310000000 implements MigrationInterface {
  name = 'GenerationError1764310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('generations', new TableColumn({ name: 'error', type: 'varchar', length: '500', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('generations', 'error');
  }
}
