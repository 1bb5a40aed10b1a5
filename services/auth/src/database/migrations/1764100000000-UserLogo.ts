import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The user's uploaded picture (spec §2: "the avatar shows initials or an uploaded logo"): an object-store key. */
export class UserLogo1764100000000 implements MigrationInterface {
  name = 'UserLogo1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users ADD COLUMN logo_file_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users DROP COLUMN logo_file_id`);
  }
}
