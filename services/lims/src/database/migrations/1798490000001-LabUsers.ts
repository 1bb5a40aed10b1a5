import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `users`: the company's users as auth last described them (auth.user.v1, compacted: complete from the topic), for
 * the names the lab shows: "Validated by" and "Signed by" name the person (first and last name as the directory has
 * it), not their login name (docs/decisions/0374). A read model: filled from Kafka at its own pace.
 */
export class LabUsers1798490000001 implements MigrationInterface {
  name = 'LabUsers1798490000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lims.users (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        login_name text NOT NULL,
        full_name text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await enableTenantRls(q, 'lims.users');
    await q.query(`COMMENT ON TABLE lims.users IS 'read model of auth.user.v1 (auth.users)'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE lims.users`);
  }
}
