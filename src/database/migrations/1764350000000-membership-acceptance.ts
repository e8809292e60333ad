import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * When a person accepted their membership (issue 37): an invite grants access only once the invitee
 * opens it and confirms, even when they have an account already (a removed member invited again).
 * Until then `accepted_at` is null and the membership opens nothing. Members who had set a password
 * before this migration had accepted, under the old rules, when they joined.
 */
export class MembershipAcceptance1764350000000 implements MigrationInterface {
  name = 'MembershipAcceptance1764350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('memberships', new TableColumn({ name: 'accepted_at', type: 'bigint', isNullable: true }));
    await queryRunner.query('UPDATE memberships SET accepted_at = created_at WHERE user_id IN (SELECT id FROM users WHERE password_hash IS NOT NULL)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('memberships', 'accepted_at');
  }
}
