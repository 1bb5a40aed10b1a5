import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRls } from '@rayworks/nest-kit';

/**
 * reporting.directory_centres: a read model of auth's OrgUnitCreated / OrgUnitUpdated (auth.org.v1) — the company's
 * groups and centres — under tenant row-level security, so a template, macro, layout or its image names only a centre
 * of the caller's own company (docs/decisions/0214-reporting-centres-of-the-company.md). Marked as a read model for
 * npm test's demo check.
 */
export class DirectoryCentres1796800021400 implements MigrationInterface {
  name = 'DirectoryCentres1796800021400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reporting.directory_centres (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('group', 'centre')),
        name text NOT NULL,
        group_id uuid,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX directory_centres_tenant ON reporting.directory_centres (tenant_id)`);
    await enableTenantRls(q, 'reporting.directory_centres');
    await q.query(`COMMENT ON TABLE reporting.directory_centres IS 'read model of auth.org.v1 (auth.centres)'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reporting.directory_centres`);
  }
}
