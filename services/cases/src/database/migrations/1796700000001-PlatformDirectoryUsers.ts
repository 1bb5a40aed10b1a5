import type { MigrationInterface, QueryRunner } from 'typeorm';
import { TENANT_SETTING } from '@rayworks/nest-kit';

const TENANT = `NULLIF(current_setting('${TENANT_SETTING}', true), '')`;

/**
 * The platform's users in the cases directory (docs/decisions/0201): a marketplace radiologist or platform operator
 * belongs to no company, so its row in cases.users has no tenant. Every company reads those rows (a marketplace
 * radiologist's name on the cases it holds; the platform users carry no company data); only the platform context —
 * the consumer applying a user event of no company — writes them. A company's own users stay under tenant isolation.
 */
export class PlatformDirectoryUsers1796700000001 implements MigrationInterface {
  name = 'PlatformDirectoryUsers1796700000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cases.users ALTER COLUMN tenant_id DROP NOT NULL`);
    await q.query(`CREATE POLICY platform_users_read ON cases.users FOR SELECT USING (tenant_id IS NULL)`);
    await q.query(
      `CREATE POLICY platform_users_write ON cases.users FOR ALL
         USING (tenant_id IS NULL AND ${TENANT} IS NULL) WITH CHECK (tenant_id IS NULL AND ${TENANT} IS NULL)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP POLICY platform_users_write ON cases.users`);
    await q.query(`DROP POLICY platform_users_read ON cases.users`);
    await q.query(`DELETE FROM cases.users WHERE tenant_id IS NULL`);
    await q.query(`ALTER TABLE cases.users ALTER COLUMN tenant_id SET NOT NULL`);
  }
}
