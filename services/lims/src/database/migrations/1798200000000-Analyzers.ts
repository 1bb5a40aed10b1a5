import { enableTenantRls, PRINCIPAL_LEVEL_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const level = `current_setting('${PRINCIPAL_LEVEL_SETTING}', true)`;

/**
 * The laboratory's analyzers and what they send (issue 23 slice 8; docs/decisions/0301–0304):
 * - `analyzers`: a company's instrument and the identity it sends (HL7 MSH-3/MSH-4, ASTM H-5). The identity is
 *   unique across companies for a protocol (`analyzers_sender`): the listener knows the company only from it. The
 *   listener reads analyzers in the 'system' context (policy `analyzer_listener`), every company's, to find the
 *   sender's; everything else it does runs in that analyzer's company.
 * - `analyzer_codes`: the analyzer's code → the laboratory's (test code, parameter code).
 * - `analyzer_messages`: every message accepted, stored (raw text, the readings taken from it) in a committed
 *   transaction before the acknowledgement; one per analyzer and message control id (`analyzer_messages_control`), so
 *   a message sent again changes nothing. `matched_at` is set by the matching job.
 * - `analyzer_results`: one row per reading of a message (`seq`), MATCHED to a sample and order and parameter,
 *   UNMATCHED (the unmatched results queue), REFUSED (outside the parameter's possible range), or DISCARDED.
 */
export class Analyzers1798200000000 implements MigrationInterface {
  name = 'Analyzers1798200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lims.analyzers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        protocol varchar(8) NOT NULL CHECK (protocol IN ('HL7', 'ASTM')),
        sending_application text NOT NULL CHECK (sending_application <> ''),
        sending_facility text NOT NULL DEFAULT '',
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT analyzers_name UNIQUE (tenant_id, name),
        CONSTRAINT analyzers_sender UNIQUE (protocol, sending_application, sending_facility)
      )`);
    await enableTenantRls(q, 'lims.analyzers');
    await q.query(`CREATE POLICY analyzer_listener ON lims.analyzers FOR SELECT USING (${level} = 'system')`);
    await q.query(`
      CREATE TABLE lims.analyzer_codes (
        tenant_id uuid NOT NULL,
        analyzer_id uuid NOT NULL REFERENCES lims.analyzers (id) ON DELETE CASCADE,
        analyzer_code text NOT NULL,
        test_code text NOT NULL,
        parameter_code text NOT NULL,
        PRIMARY KEY (analyzer_id, analyzer_code)
      )`);
    await enableTenantRls(q, 'lims.analyzer_codes');
    await q.query(`
      CREATE TABLE lims.analyzer_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        analyzer_id uuid NOT NULL REFERENCES lims.analyzers (id),
        protocol varchar(8) NOT NULL CHECK (protocol IN ('HL7', 'ASTM')),
        control_id text NOT NULL CHECK (control_id <> ''),
        raw text NOT NULL,
        readings jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        matched_at timestamptz,
        CONSTRAINT analyzer_messages_control UNIQUE (analyzer_id, control_id)
      )`);
    await q.query(
      `CREATE INDEX analyzer_messages_unmatched ON lims.analyzer_messages (received_at) WHERE matched_at IS NULL`,
    );
    await enableTenantRls(q, 'lims.analyzer_messages');
    await q.query(`
      CREATE TABLE lims.analyzer_results (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        analyzer_id uuid NOT NULL REFERENCES lims.analyzers (id),
        message_id uuid NOT NULL REFERENCES lims.analyzer_messages (id),
        seq integer NOT NULL CHECK (seq >= 0),
        status varchar(16) NOT NULL CHECK (status IN ('MATCHED', 'UNMATCHED', 'REFUSED', 'DISCARDED')),
        reason varchar(32) CHECK (reason IN ('UNKNOWN_BARCODE', 'UNKNOWN_CODE', 'NO_ORDER', 'OUT_OF_POSSIBLE_RANGE')),
        note text,
        barcode text NOT NULL,
        analyzer_code text NOT NULL,
        sample_id uuid REFERENCES lims.samples (id),
        lab_order_id uuid REFERENCES lims.lab_orders (id),
        test_code text,
        parameter_code text,
        value text NOT NULL,
        unit text,
        flags text,
        observed_at timestamptz,
        received_at timestamptz NOT NULL,
        resolved_by uuid,
        resolved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT analyzer_results_seq UNIQUE (message_id, seq),
        CONSTRAINT analyzer_results_matched CHECK (
          status <> 'MATCHED' OR (sample_id IS NOT NULL AND lab_order_id IS NOT NULL AND parameter_code IS NOT NULL)),
        CONSTRAINT analyzer_results_reason CHECK (status NOT IN ('UNMATCHED', 'REFUSED') OR reason IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX analyzer_results_status ON lims.analyzer_results (tenant_id, status, received_at DESC)`,
    );
    await q.query(
      `CREATE INDEX analyzer_results_sample ON lims.analyzer_results (tenant_id, sample_id) WHERE sample_id IS NOT NULL`,
    );
    await enableTenantRls(q, 'lims.analyzer_results');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE lims.analyzer_results`);
    await q.query(`DROP TABLE lims.analyzer_messages`);
    await q.query(`DROP TABLE lims.analyzer_codes`);
    await q.query(`DROP TABLE lims.analyzers`);
  }
}
