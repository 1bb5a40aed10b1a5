import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The dimensions a count is kept by: every filter of the worklist whose total is cheap. */
const KEY = 'tenant_id, group_id, centre_id, radiologist_id, typist_id, workflow_type, status, modality, priority';

/**
 * Counts of cases maintained with every change (docs/decisions/0121-maintained-case-counts.md): the worklist's tab
 * counts, totals and /getworklist/statistics read `cases.case_counts` (a few rows per reach), never a scan of
 * `cases.cases`. A statement-level trigger on cases.cases keeps it, so no code path can forget it: it sums the
 * statement's transition tables by key (+1 for new rows, -1 for old ones), leaves out keys whose sum is 0 (an edit
 * that moves no key locks nothing) and upserts in key order (two statements lock count rows in one order).
 * Also the worklist's indexes: a status tab newest first per company, centre and radiologist; typist queues; open
 * cases by due time (overdue, due within the hour); completed cases by completion time (medians); the free text's
 * prefix ranges (upper-cased name words, patient ID, accession) with the leakproof pattern operators that
 * row-level security lets reach an index (as imaging's PatientNameSearch migration explains).
 */
export class CaseCounts1796100001001 implements MigrationInterface {
  name = 'CaseCounts1796100001001';

  async up(q: QueryRunner): Promise<void> {
    // Every case has a received time: the study's arrival, or the registration's time until the study arrives.
    await q.query(`UPDATE cases.cases SET received_at = created_at WHERE received_at IS NULL`);
    await q.query(`ALTER TABLE cases.cases ALTER COLUMN received_at SET DEFAULT now()`);
    await q.query(`ALTER TABLE cases.cases ALTER COLUMN received_at SET NOT NULL`);

    await q.query(`
      CREATE TABLE cases.case_counts (
        tenant_id uuid NOT NULL,
        group_id uuid,
        centre_id uuid,
        radiologist_id uuid,
        typist_id uuid,
        workflow_type varchar(16) NOT NULL,
        status varchar(32) NOT NULL,
        modality varchar(16),
        priority varchar(16) NOT NULL,
        n bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE UNIQUE INDEX case_counts_key ON cases.case_counts (${KEY}) NULLS NOT DISTINCT`);
    await enableTenantRls(q, 'cases.case_counts');

    await q.query(`
      CREATE FUNCTION cases.case_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO cases.case_counts AS k (${KEY}, n)
          SELECT ${KEY}, count(*) FROM new_rows GROUP BY ${KEY} ORDER BY ${KEY}
          ON CONFLICT (${KEY}) DO UPDATE SET n = k.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO cases.case_counts AS k (${KEY}, n)
          SELECT ${KEY}, -count(*) FROM old_rows GROUP BY ${KEY} ORDER BY ${KEY}
          ON CONFLICT (${KEY}) DO UPDATE SET n = k.n + EXCLUDED.n;
        ELSE
          INSERT INTO cases.case_counts AS k (${KEY}, n)
          SELECT ${KEY}, sum(d) FROM (
            SELECT ${KEY}, 1 AS d FROM new_rows
            UNION ALL
            SELECT ${KEY}, -1 AS d FROM old_rows
          ) changes
          GROUP BY ${KEY} HAVING sum(d) <> 0 ORDER BY ${KEY}
          ON CONFLICT (${KEY}) DO UPDATE SET n = k.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER case_counts_insert AFTER INSERT ON cases.cases
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases.case_counts_apply()`);
    await q.query(`CREATE TRIGGER case_counts_update AFTER UPDATE ON cases.cases
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases.case_counts_apply()`);
    await q.query(`CREATE TRIGGER case_counts_delete AFTER DELETE ON cases.cases
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cases.case_counts_apply()`);
    // Cases made before the trigger existed.
    await q.query(`
      INSERT INTO cases.case_counts (${KEY}, n)
      SELECT ${KEY}, count(*) FROM cases.cases GROUP BY ${KEY}`);

    // The worklist's orders: a status tab (or every status) newest first, per company, centre, radiologist, typist.
    await q.query(`CREATE INDEX cases_tab_received ON cases.cases (tenant_id, status, received_at DESC, id DESC)`);
    await q.query(`CREATE INDEX cases_received ON cases.cases (tenant_id, received_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX cases_centre_tab_received ON cases.cases (tenant_id, centre_id, status, received_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX cases_centre_received ON cases.cases (tenant_id, centre_id, received_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX cases_radiologist_received ON cases.cases (tenant_id, radiologist_id, status, received_at DESC, id DESC)
      WHERE radiologist_id IS NOT NULL`);
    await q.query(`CREATE INDEX cases_typist_received ON cases.cases (tenant_id, typist_id, status, received_at DESC, id DESC)
      WHERE typist_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX cases_group_received ON cases.cases (tenant_id, group_id, status, received_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX cases_due ON cases.cases (tenant_id, due_at, id)`);
    await q.query(`CREATE INDEX cases_open_due ON cases.cases (tenant_id, due_at)
      WHERE status NOT IN ('COMPLETED', 'PENDING FOR SCAN') AND due_at IS NOT NULL`);
    await q.query(`CREATE INDEX cases_completed ON cases.cases (tenant_id, completed_at)
      WHERE status = 'COMPLETED' AND completed_at IS NOT NULL`);
    // Free text: prefix ranges on upper-cased values (leakproof ~>=~ / ~<~ under row-level security).
    await q.query(`ALTER TABLE cases.cases ADD COLUMN patient_name_upper text
      GENERATED ALWAYS AS (upper(patient_name)) STORED`);
    await q.query(`ALTER TABLE cases.cases ADD COLUMN patient_id_upper text
      GENERATED ALWAYS AS (upper(patient_id)) STORED`);
    await q.query(`ALTER TABLE cases.cases ADD COLUMN accession_upper text
      GENERATED ALWAYS AS (upper(coalesce(accession_number, ''))) STORED`);
    /** The words of the name after the first (DICOM PN: FAMILY^GIVEN^MIDDLE, or spaces), for a given-name search. */
    await q.query(`ALTER TABLE cases.cases ADD COLUMN patient_given_upper text
      GENERATED ALWAYS AS (upper(ltrim(substring(patient_name from '[\\^ ,]+(.*)$'), '^ ,'))) STORED`);
    await q.query(
      `CREATE INDEX cases_patient_name_prefix ON cases.cases (tenant_id, patient_name_upper text_pattern_ops)`,
    );
    await q.query(
      `CREATE INDEX cases_patient_given_prefix ON cases.cases (tenant_id, patient_given_upper text_pattern_ops)`,
    );
    await q.query(`CREATE INDEX cases_patient_id_prefix ON cases.cases (tenant_id, patient_id_upper text_pattern_ops)`);
    await q.query(`CREATE INDEX cases_accession_prefix ON cases.cases (tenant_id, accession_upper text_pattern_ops)`);
    await q.query(`CREATE INDEX cases_patient_name_order ON cases.cases (tenant_id, patient_name, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'cases_tab_received',
      'cases_received',
      'cases_centre_tab_received',
      'cases_centre_received',
      'cases_radiologist_received',
      'cases_typist_received',
      'cases_group_received',
      'cases_due',
      'cases_open_due',
      'cases_completed',
      'cases_patient_name_prefix',
      'cases_patient_given_prefix',
      'cases_patient_id_prefix',
      'cases_accession_prefix',
      'cases_patient_name_order',
    ])
      await q.query(`DROP INDEX IF EXISTS cases.${index}`);
    for (const column of ['patient_name_upper', 'patient_id_upper', 'accession_upper', 'patient_given_upper'])
      await q.query(`ALTER TABLE cases.cases DROP COLUMN IF EXISTS ${column}`);
    await q.query(`DROP TRIGGER case_counts_insert ON cases.cases`);
    await q.query(`DROP TRIGGER case_counts_update ON cases.cases`);
    await q.query(`DROP TRIGGER case_counts_delete ON cases.cases`);
    await q.query(`DROP FUNCTION cases.case_counts_apply()`);
    await q.query(`DROP TABLE cases.case_counts`);
    await q.query(`ALTER TABLE cases.cases ALTER COLUMN received_at DROP NOT NULL`);
  }
}
