import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The front desk's side of the worklist (issue 22):
 * - a case opened from a registration (billing's RegistrationCreated, docs/decisions/0261) names its registration, the
 *   registration item (one case per radiology item, ever: the unique index, so a second delivery inserts nothing) and
 *   billing's patient; a case given a patient from the worklist names that patient too (0263);
 * - `billing_patients`: the read model of billing's patients (billing.patient.v1, compacted), from which the worklist
 *   assigns a patient to a case of the patient's centre (0263). Marked a read model for the demo check (0120).
 */
export class RegistrationCases1797100000000 implements MigrationInterface {
  name = 'RegistrationCases1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE cases.cases
        ADD COLUMN registration_id uuid,
        ADD COLUMN registration_item_id uuid,
        ADD COLUMN billing_patient_id uuid`);
    await q.query(`
      CREATE UNIQUE INDEX cases_registration_item ON cases.cases (registration_item_id)
      WHERE registration_item_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE cases.billing_patients (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        group_id uuid,
        mr_number text NOT NULL,
        patient_name text NOT NULL,
        gender varchar(8) NOT NULL,
        date_of_birth varchar(10),
        age_years smallint,
        merged_into uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // a centre's patients, searched as the worklist user types a name or an MR number
    await q.query(`CREATE INDEX billing_patients_name ON cases.billing_patients
      (tenant_id, centre_id, lower(patient_name) text_pattern_ops) WHERE merged_into IS NULL`);
    await q.query(`CREATE INDEX billing_patients_mr ON cases.billing_patients
      (tenant_id, centre_id, lower(mr_number) text_pattern_ops) WHERE merged_into IS NULL`);
    await enableTenantRls(q, 'cases.billing_patients');
    await q.query(`COMMENT ON TABLE cases.billing_patients IS 'read model of billing.patient.v1 (billing.patients)'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE cases.billing_patients`);
    await q.query(`DROP INDEX cases.cases_registration_item`);
    await q.query(`
      ALTER TABLE cases.cases
        DROP COLUMN billing_patient_id,
        DROP COLUMN registration_item_id,
        DROP COLUMN registration_id`);
  }
}
