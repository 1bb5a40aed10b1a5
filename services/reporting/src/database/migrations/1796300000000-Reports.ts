import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reports (docs/decisions/0173-report-model-and-workflow.md), under tenant row-level security (the case's
 * company: reporting always works in it, as the caller):
 * - reporting.reports: one per case (case_id UNIQUE), its sanitised HTML, the latest version number, the lock
 *   (holder and expiry), the signer's doctor info and signature object key copied at finalize;
 * - reporting.report_versions: every save (report_id, version);
 * - reporting.report_addenda: addenda after FINAL, each its own row (the report never changes).
 * The PDF worker reads these tables by SQL: keep the names.
 */
export class Reports1796300000000 implements MigrationInterface {
  name = 'Reports1796300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reporting.reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        case_id uuid NOT NULL UNIQUE,
        status varchar(16) NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'AT_TYPIST', 'IN_REVIEW', 'FINAL')),
        version int NOT NULL DEFAULT 0 CHECK (version >= 0),
        report_html text NOT NULL DEFAULT '',
        test_name text,
        template_id uuid,
        doctor_info jsonb,
        footer_top_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
        patient jsonb NOT NULL,
        study jsonb NOT NULL,
        centre_id uuid,
        finalized_at timestamptz,
        finalized_by uuid,
        signature_key text,
        lock_user_id uuid,
        lock_user_name text,
        lock_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CHECK ((lock_user_id IS NULL) = (lock_expires_at IS NULL))
      )`);
    await enableTenantRls(q, 'reporting.reports');
    await q.query(`CREATE INDEX reports_tenant_status ON reporting.reports (tenant_id, status)`);
    await q.query(`
      CREATE TABLE reporting.report_versions (
        report_id uuid NOT NULL REFERENCES reporting.reports (id),
        version int NOT NULL CHECK (version >= 1),
        tenant_id uuid NOT NULL,
        html text NOT NULL,
        status varchar(16) NOT NULL,
        saved_by uuid NOT NULL,
        saved_by_name text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (report_id, version)
      )`);
    await enableTenantRls(q, 'reporting.report_versions');
    await q.query(`
      CREATE TABLE reporting.report_addenda (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        report_id uuid NOT NULL REFERENCES reporting.reports (id),
        status varchar(16) NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'FINAL')),
        html text NOT NULL,
        addendum_doctor_info jsonb,
        signature_key text,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        finalized_at timestamptz
      )`);
    await enableTenantRls(q, 'reporting.report_addenda');
    await q.query(`CREATE INDEX report_addenda_report ON reporting.report_addenda (report_id, created_at)`);
    // at most one draft addendum per report
    await q.query(
      `CREATE UNIQUE INDEX report_addenda_one_draft ON reporting.report_addenda (report_id) WHERE status = 'DRAFT'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reporting.report_addenda`);
    await q.query(`DROP TABLE reporting.report_versions`);
    await q.query(`DROP TABLE reporting.reports`);
  }
}
