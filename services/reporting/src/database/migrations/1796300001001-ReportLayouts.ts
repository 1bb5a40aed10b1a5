import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A centre's report layout configuration (spec §3; docs/decisions/0180-report-layout.md), one row per centre, under
 * tenant row-level security. `layout` is the contract's ReportLayout (validated before it is written); a centre
 * without a row uses DEFAULT_REPORT_LAYOUT.
 */
export class ReportLayouts1796300001001 implements MigrationInterface {
  name = 'ReportLayouts1796300001001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reporting.report_layouts (
        centre_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        layout jsonb NOT NULL CHECK (jsonb_typeof(layout) = 'object' AND octet_length(layout::text) <= 65536),
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await enableTenantRls(q, 'reporting.report_layouts');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reporting.report_layouts`);
  }
}
