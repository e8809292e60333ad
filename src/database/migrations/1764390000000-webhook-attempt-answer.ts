import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** The start of what the receiver answered to a webhook attempt (the dashboard shows it beside the status). */
export class WebhookAttemptAnswer1764390000000 implements MigrationInterface {
  name = 'WebhookAttemptAnswer1764390000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('webhook_attempts', new TableColumn({ name: 'answer_excerpt', type: 'varchar', length: '500', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('webhook_attempts', 'answer_excerpt');
  }
}
