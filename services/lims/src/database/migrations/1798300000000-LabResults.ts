import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The laboratory's results (issue 23; docs/decisions/0306):
 * - `lab_tests.auto_validate`: the test validates itself when nothing holds it (worksheet-rules.ts);
 * - `samples.age_years`: the age told at the desk when no birth date was (RegistrationCreated's ageYears);
 * - `order_results`: one row per lab order once its results are first entered — where it is in the results machine
 *   (result-states.ts), the catalogue version it is judged by (pinned at the first entry), its amendment, whether it
 *   is complete or critical and what holds it, who validated and signed it, and its version for optimistic saves;
 * - `results`: the current value of each parameter of an order, its source and flag;
 * - `result_history`: append-only — each signed set of lines, and each amendment with its reason (a trigger refuses
 *   change and deletion).
 */
export class LabResults1798300000000 implements MigrationInterface {
  name = 'LabResults1798300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lims.lab_tests ADD COLUMN auto_validate boolean NOT NULL DEFAULT false`);
    // the age told at the desk when no birth date was (the ranges' age then counts from the registration day)
    await q.query(`ALTER TABLE lims.samples ADD COLUMN age_years integer CHECK (age_years BETWEEN 0 AND 150)`);
    // a patient's previous results: their other samples
    await q.query(`CREATE INDEX samples_patient ON lims.samples (tenant_id, patient_id)`);
    await q.query(`
      CREATE TABLE lims.order_results (
        lab_order_id uuid PRIMARY KEY REFERENCES lims.lab_orders (id),
        tenant_id uuid NOT NULL,
        sample_id uuid NOT NULL REFERENCES lims.samples (id),
        test_version_id uuid NOT NULL REFERENCES lims.lab_test_versions (id),
        status varchar(16) NOT NULL CHECK (status IN ('PENDING', 'ENTERED', 'VALIDATED', 'SIGNED')),
        amendment integer NOT NULL DEFAULT 0 CHECK (amendment >= 0),
        complete boolean NOT NULL DEFAULT false,
        critical boolean NOT NULL DEFAULT false,
        holds text[] NOT NULL DEFAULT '{}',
        auto_validated boolean NOT NULL DEFAULT false,
        validated_by uuid,
        validated_by_name text,
        validated_at timestamptz,
        signed_by uuid,
        signed_by_name text,
        signed_at timestamptz,
        critical_alert_id uuid,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT order_results_validated CHECK (status NOT IN ('VALIDATED', 'SIGNED') OR validated_at IS NOT NULL),
        CONSTRAINT order_results_signed CHECK ((status = 'SIGNED') = (signed_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX order_results_sample ON lims.order_results (tenant_id, sample_id)`);
    await enableTenantRls(q, 'lims.order_results');
    await q.query(`
      CREATE TABLE lims.results (
        lab_order_id uuid NOT NULL REFERENCES lims.order_results (lab_order_id),
        parameter_code text NOT NULL,
        tenant_id uuid NOT NULL,
        value jsonb NOT NULL CHECK (jsonb_typeof(value) IN ('string', 'array')),
        source varchar(12) NOT NULL CHECK (source IN ('MANUAL', 'ANALYZER', 'CALCULATED')),
        flag varchar(16),
        entered_by uuid,
        entered_by_name text NOT NULL,
        entered_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (lab_order_id, parameter_code)
      )`);
    await enableTenantRls(q, 'lims.results');
    await q.query(`
      CREATE TABLE lims.result_history (
        id bigserial PRIMARY KEY,
        tenant_id uuid NOT NULL,
        lab_order_id uuid NOT NULL REFERENCES lims.order_results (lab_order_id),
        amendment integer NOT NULL,
        status varchar(16) NOT NULL,
        lines jsonb NOT NULL CHECK (jsonb_typeof(lines) = 'array'),
        by_user uuid,
        by_name text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        reason text
      )`);
    await q.query(`CREATE INDEX result_history_order ON lims.result_history (tenant_id, lab_order_id, id)`);
    await enableTenantRls(q, 'lims.result_history');
    await q.query(`
      CREATE FUNCTION lims.result_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'lims.result_history is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER result_history_append_only BEFORE UPDATE OR DELETE ON lims.result_history
        FOR EACH ROW EXECUTE FUNCTION lims.result_history_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE lims.result_history`);
    await q.query(`DROP FUNCTION lims.result_history_append_only()`);
    await q.query(`DROP TABLE lims.results`);
    await q.query(`DROP TABLE lims.order_results`);
    await q.query(`DROP INDEX lims.samples_patient`);
    await q.query(`ALTER TABLE lims.samples DROP COLUMN age_years`);
    await q.query(`ALTER TABLE lims.lab_tests DROP COLUMN auto_validate`);
  }
}
