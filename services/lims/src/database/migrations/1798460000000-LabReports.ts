import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The laboratory's reports (issue 23; docs/decisions/0309, 0310):
 * - `result_signatures`: who signed an order's results at each amendment — the pathologist's name and qualification
 *   from their profile, and the copy of their signature image the report prints (kept as signed);
 * - `lab_reports`: one row per registration and choice of signed tests at their amendments (`selection`, the key of
 *   the choice): the PDF printed on the first ask and stored once;
 * - `lab_report_deliveries`: a report sent by e-mail, attempt by attempt (status, attempts, last error).
 */
export class LabReports1798460000000 implements MigrationInterface {
  name = 'LabReports1798460000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lims.result_signatures (
        lab_order_id uuid NOT NULL REFERENCES lims.order_results (lab_order_id),
        amendment integer NOT NULL CHECK (amendment >= 0),
        tenant_id uuid NOT NULL,
        signed_by uuid NOT NULL,
        doctor_name text NOT NULL,
        qualification text,
        signature_key text NOT NULL,
        signed_at timestamptz NOT NULL,
        PRIMARY KEY (lab_order_id, amendment)
      )`);
    await enableTenantRls(q, 'lims.result_signatures');
    await q.query(`
      CREATE TABLE lims.lab_reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        registration_id uuid NOT NULL,
        selection text NOT NULL,
        orders jsonb NOT NULL CHECK (jsonb_typeof(orders) = 'array'),
        object_key text,
        size_bytes integer,
        pages integer,
        render_ms integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        stored_at timestamptz,
        CONSTRAINT lab_reports_selection UNIQUE (tenant_id, registration_id, selection),
        CONSTRAINT lab_reports_stored CHECK ((object_key IS NULL) = (stored_at IS NULL))
      )`);
    await enableTenantRls(q, 'lims.lab_reports');
    await q.query(`
      CREATE TABLE lims.lab_report_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        lab_report_id uuid NOT NULL REFERENCES lims.lab_reports (id),
        channel varchar(8) NOT NULL CHECK (channel IN ('mail')),
        to_address text NOT NULL,
        to_name text,
        status varchar(12) NOT NULL CHECK (status IN ('QUEUED', 'SENT', 'RETRYING', 'FAILED')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        provider_id text,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX lab_report_deliveries_report ON lims.lab_report_deliveries (tenant_id, lab_report_id)`);
    await enableTenantRls(q, 'lims.lab_report_deliveries');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE lims.lab_report_deliveries`);
    await q.query(`DROP TABLE lims.lab_reports`);
    await q.query(`DROP TABLE lims.result_signatures`);
  }
}
