import { enableTenantRls, OrgUnitsReadModel } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const centres = new OrgUnitsReadModel('billing.centres');

/**
 * The front desk's patients (docs/decisions/0218, 0247):
 * - `centres`: the kit's read model of auth's groups and centres (0238), so a patient is registered at a centre of
 *   the caller's company and reach;
 * - `patients`: a patient is its centre's (company, centre, MR number); the MR number is given from the centre's
 *   counter (`mr_counters`, one row per centre, taken in the registering unit of work: never given twice); the
 *   group of the centre is kept for the group's reach; search as you type by name, phone and MR number (prefix
 *   indexes); `merged_into` marks a record merged into another.
 */
export class Patients1797000000000 implements MigrationInterface {
  name = 'Patients1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await centres.createTable(q);
    await q.query(`
      CREATE TABLE billing.mr_counters (
        tenant_id uuid NOT NULL,
        centre_id uuid PRIMARY KEY,
        last_number bigint NOT NULL DEFAULT 0 CHECK (last_number >= 0)
      )`);
    await enableTenantRls(q, 'billing.mr_counters');
    await q.query(`
      CREATE TABLE billing.patients (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        group_id uuid,
        mr_number text NOT NULL,
        patient_name text NOT NULL,
        gender varchar(8) NOT NULL CHECK (gender IN ('Male', 'Female', 'Other')),
        date_of_birth date,
        age_years smallint CHECK (age_years BETWEEN 0 AND 150),
        age_recorded_on date,
        phone_number text NOT NULL,
        merged_into uuid REFERENCES billing.patients (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant_id, centre_id, mr_number)
      )`);
    await q.query(`CREATE INDEX patients_name ON billing.patients (tenant_id, lower(patient_name) text_pattern_ops)`);
    await q.query(`CREATE INDEX patients_phone ON billing.patients (tenant_id, phone_number text_pattern_ops)`);
    await q.query(`CREATE INDEX patients_mr ON billing.patients (tenant_id, lower(mr_number) text_pattern_ops)`);
    await q.query(`CREATE INDEX patients_centre ON billing.patients (tenant_id, centre_id, created_at DESC)`);
    await enableTenantRls(q, 'billing.patients');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.patients`);
    await q.query(`DROP TABLE billing.mr_counters`);
    await q.query(`DROP TABLE ${centres.table}`);
  }
}
