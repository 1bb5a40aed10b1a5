import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PatientName matching for QIDO-RS and the archive list (docs/decisions/0103-dicomweb-answers.md). The studies are
 * under row-level security, and PostgreSQL lets only leakproof operators of a query reach an index of such a
 * table: LIKE and upper() are not leakproof, so an index on upper(patient_name) — b-tree or trigram — is never used
 * there. The upper-cased name is stored instead (a generated column, the import writes patient_name as before)
 * with a text_pattern_ops b-tree, and the matching gives a pattern's literal prefix as a range with the leakproof
 * ~>=~ / ~<~ operators: `DOE*` and exact names read the index; `*OE*` scans the tenant's rows. Drops the indexes
 * an earlier draft of 1796000003000 made on expressions, which could not be used.
 */
export class PatientNameSearch1796000003001 implements MigrationInterface {
  name = 'PatientNameSearch1796000003001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS imaging.studies_patient_name_trgm`);
    await q.query(`DROP INDEX IF EXISTS imaging.studies_patient_name_prefix`);
    await q.query(
      `ALTER TABLE imaging.studies ADD COLUMN IF NOT EXISTS patient_name_upper text GENERATED ALWAYS AS (upper(patient_name)) STORED`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS studies_patient_name_upper ON imaging.studies (tenant_id, patient_name_upper text_pattern_ops)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS imaging.studies_patient_name_upper`);
    await q.query(`ALTER TABLE imaging.studies DROP COLUMN IF EXISTS patient_name_upper`);
  }
}
