import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Output of reports (docs/decisions/0182-report-pdf-worker.md, 0183-report-delivery.md), under tenant row-level
 * security:
 * - reporting.report_pdfs: one stored PDF per report version (object key reports/<tenant>/<report>/v<version>.pdf);
 * - reporting.report_deliveries: one per request to send a report (mail or SMS), its state and attempt count; an SMS
 *   keeps the hash of its link token and the link's expiry;
 * - reporting.report_delivery_attempts: one per attempt (SENT or FAILED with the error);
 * - reporting.sms_messages: what the logging SMS provider "sent" (the message as it would go out).
 */
export class ReportOutput1796300002000 implements MigrationInterface {
  name = 'ReportOutput1796300002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reporting.report_pdfs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        report_id uuid NOT NULL REFERENCES reporting.reports (id),
        version int NOT NULL CHECK (version >= 1),
        object_key text NOT NULL,
        size_bytes int NOT NULL CHECK (size_bytes > 0),
        pages int NOT NULL CHECK (pages >= 1),
        render_ms int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        UNIQUE (report_id, version)
      )`);
    await enableTenantRls(q, 'reporting.report_pdfs');
    await q.query(`
      CREATE TABLE reporting.report_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        report_id uuid NOT NULL REFERENCES reporting.reports (id),
        case_id uuid NOT NULL,
        channel varchar(8) NOT NULL CHECK (channel IN ('mail', 'sms')),
        to_address text NOT NULL,
        to_name text,
        pdf_version int NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'SENT', 'RETRYING', 'FAILED')),
        attempts int NOT NULL DEFAULT 0,
        last_error text,
        link_token_hash text UNIQUE,
        link_expires_at timestamptz,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        sent_at timestamptz
      )`);
    await enableTenantRls(q, 'reporting.report_deliveries');
    await q.query(`CREATE INDEX report_deliveries_case ON reporting.report_deliveries (case_id, created_at)`);
    await q.query(`
      CREATE TABLE reporting.report_delivery_attempts (
        delivery_id uuid NOT NULL REFERENCES reporting.report_deliveries (id),
        attempt int NOT NULL CHECK (attempt >= 1),
        tenant_id uuid NOT NULL,
        status varchar(8) NOT NULL CHECK (status IN ('SENT', 'FAILED')),
        error text,
        provider_id text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (delivery_id, attempt)
      )`);
    await enableTenantRls(q, 'reporting.report_delivery_attempts');
    await q.query(`
      CREATE TABLE reporting.sms_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        delivery_id uuid NOT NULL REFERENCES reporting.report_deliveries (id),
        phone_number text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await enableTenantRls(q, 'reporting.sms_messages');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reporting.sms_messages`);
    await q.query(`DROP TABLE reporting.report_delivery_attempts`);
    await q.query(`DROP TABLE reporting.report_deliveries`);
    await q.query(`DROP TABLE reporting.report_pdfs`);
  }
}
