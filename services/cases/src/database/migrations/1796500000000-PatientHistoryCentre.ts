import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A patient is its company's, centre's and Patient ID's (docs/decisions/0218-patient-identity-and-priors.md): the same
 * Patient ID in two centres is two patients. A history entry names the centre of the case it was written on, and a
 * patient's history is read and changed by (tenant, centre, Patient ID), never by the Patient ID alone. Entries of a
 * case without a centre are that case's alone.
 */
export class PatientHistoryCentre1796500000000 implements MigrationInterface {
  name = 'PatientHistoryCentre1796500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cases.patient_history ADD COLUMN centre_id uuid`);
    // the existing entries take their case's centre: the owner skips the policies while the table does not force them
    await q.query(`ALTER TABLE cases.patient_history NO FORCE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE cases.cases NO FORCE ROW LEVEL SECURITY`);
    await q.query(`
      UPDATE cases.patient_history h SET centre_id = c.centre_id
      FROM cases.cases c WHERE c.id = h.case_id AND h.centre_id IS NULL`);
    await q.query(`ALTER TABLE cases.cases FORCE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE cases.patient_history FORCE ROW LEVEL SECURITY`);
    await q.query(`DROP INDEX IF EXISTS cases.patient_history_of_patient`);
    await q.query(`
      CREATE INDEX patient_history_of_patient ON cases.patient_history (tenant_id, centre_id, patient_id, created_at DESC)
      WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS cases.patient_history_of_patient`);
    await q.query(`
      CREATE INDEX patient_history_of_patient ON cases.patient_history (tenant_id, patient_id, created_at DESC)
      WHERE deleted_at IS NULL`);
    await q.query(`ALTER TABLE cases.patient_history DROP COLUMN centre_id`);
  }
}
