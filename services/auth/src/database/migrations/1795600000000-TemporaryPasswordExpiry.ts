import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Temporary passwords expire (docs/decisions/0071). Additive: failed_count and locked_until stay (unused since
 * login limits live in Redis, docs/decisions/0070) so that code still running on the shared database keeps working.
 */
export class TemporaryPasswordExpiry1795600000000 implements MigrationInterface {
  name = 'TemporaryPasswordExpiry1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.credentials ADD COLUMN IF NOT EXISTS temporary_password_expires_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.credentials DROP COLUMN IF EXISTS temporary_password_expires_at`);
  }
}
