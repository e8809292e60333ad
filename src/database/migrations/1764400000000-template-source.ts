import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The dashboard editor's two texts of a custom template version as the author wrote them (spacing,
 * order, line breaks), so that the editor shows them back as written; null for a version made
 * through the API, whose definition the editor shows formatted.
 */
export class TemplateSource1764400000000 implements MigrationInterface {
  name = 'TemplateSource1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('custom_template_versions', new TableColumn({ name: 'source', type: 'text', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('custom_template_versions', 'source');
  }
}
