import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lab report by SMS (issue 23; docs/decisions/0315-lab-report-sms.md):
 * - `samples.phone_number`: the patient's phone as the registration gave it (RegistrationCreated), so Test Reporting
 *   offers it for the SMS;
 * - `lab_report_deliveries`: the channel may be `sms`; an SMS keeps the hash of its link's token (a new one per
 *   attempt, the old one no longer opens) and the link's expiry;
 * - `sms_messages`: what the logging SMS provider "sent" (the message as it would go out), the LIMS's own.
 */
export class LabReportSms1798470000000 implements MigrationInterface {
  name = 'LabReportSms1798470000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lims.samples ADD COLUMN phone_number text`);
    await q.query(`
      ALTER TABLE lims.lab_report_deliveries
        DROP CONSTRAINT lab_report_deliveries_channel_check,
        ADD CONSTRAINT lab_report_deliveries_channel_check CHECK (channel IN ('mail', 'sms')),
        ADD COLUMN link_token_hash text UNIQUE,
        ADD COLUMN link_expires_at timestamptz`);
    await q.query(`
      CREATE TABLE lims.sms_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        delivery_id uuid NOT NULL REFERENCES lims.lab_report_deliveries (id),
        phone_number text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await enableTenantRls(q, 'lims.sms_messages');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE lims.sms_messages`);
    await q.query(`DELETE FROM lims.lab_report_deliveries WHERE channel = 'sms'`);
    await q.query(`
      ALTER TABLE lims.lab_report_deliveries
        DROP COLUMN link_expires_at,
        DROP COLUMN link_token_hash,
        DROP CONSTRAINT lab_report_deliveries_channel_check,
        ADD CONSTRAINT lab_report_deliveries_channel_check CHECK (channel IN ('mail'))`);
    await q.query(`ALTER TABLE lims.samples DROP COLUMN phone_number`);
  }
}
