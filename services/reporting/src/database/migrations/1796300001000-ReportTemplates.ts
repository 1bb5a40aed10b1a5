import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Report templates and text macros (docs/decisions/0178-report-templates.md, 0179-text-macros.md), under tenant
 * row-level security. A template or macro belongs to the company (no centre, no owner), to a centre (centre_id), or
 * to one user (owner_id: a radiologist's own). Template HTML is stored sanitised; `fields` is the structured fields'
 * JSON (key, label, phrases). A macro code is unique (case-insensitively) within its owner and centre.
 */
export class ReportTemplates1796300001000 implements MigrationInterface {
  name = 'ReportTemplates1796300001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reporting.report_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        name varchar(120) NOT NULL CHECK (length(trim(name)) > 0),
        centre_id uuid,
        owner_id uuid,
        modality varchar(64),
        body_part varchar(64),
        html text NOT NULL CHECK (length(html) <= 400000),
        fields jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(fields) = 'array'),
        is_active boolean NOT NULL DEFAULT true,
        created_by uuid,
        updated_by uuid,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `CREATE INDEX report_templates_lookup ON reporting.report_templates (tenant_id, modality, body_part) WHERE is_active`,
    );
    await q.query(`CREATE INDEX report_templates_centre ON reporting.report_templates (tenant_id, centre_id)`);
    await enableTenantRls(q, 'reporting.report_templates');

    await q.query(`
      CREATE TABLE reporting.report_macros (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        code varchar(20) NOT NULL CHECK (code ~ '^\\.[a-z0-9][a-z0-9_-]*$'),
        text text NOT NULL CHECK (length(text) BETWEEN 1 AND 20000),
        centre_id uuid,
        owner_id uuid,
        created_by uuid,
        updated_by uuid,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE UNIQUE INDEX report_macros_code ON reporting.report_macros
      (tenant_id, COALESCE(owner_id, '00000000-0000-0000-0000-000000000000'::uuid),
       COALESCE(centre_id, '00000000-0000-0000-0000-000000000000'::uuid), code)`);
    await enableTenantRls(q, 'reporting.report_macros');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reporting.report_macros`);
    await q.query(`DROP TABLE reporting.report_templates`);
  }
}
