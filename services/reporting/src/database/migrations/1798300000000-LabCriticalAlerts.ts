import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A critical-result alert is about a case (a radiologist's finding) or a lab order (the LIMS's LabCriticalResult;
 * docs/decisions/0307): `case_id` becomes nullable beside `lab_order_id`, and exactly one of them is set. A lab alert
 * keeps the facts its banner and e-mails name (`lab_facts`: test, values, units, flags, barcode, registration and MR
 * numbers — never the patient's name); its `flagged_by` is null when an analyzer sent the value (a case's alert always
 * names its radiologist). Its id is the LIMS's alert id: a redelivered event finds it there.
 */
export class LabCriticalAlerts1798300000000 implements MigrationInterface {
  name = 'LabCriticalAlerts1798300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE reporting.critical_alerts
      ALTER COLUMN case_id DROP NOT NULL,
      ALTER COLUMN flagged_by DROP NOT NULL,
      ADD COLUMN lab_order_id uuid,
      ADD COLUMN lab_facts jsonb,
      ADD CONSTRAINT critical_alerts_one_subject CHECK ((case_id IS NULL) <> (lab_order_id IS NULL)),
      ADD CONSTRAINT critical_alerts_lab_facts CHECK ((lab_order_id IS NULL) = (lab_facts IS NULL)),
      ADD CONSTRAINT critical_alerts_case_flagger CHECK (case_id IS NULL OR flagged_by IS NOT NULL)`);
    await q.query(
      `CREATE INDEX critical_alerts_lab_order ON reporting.critical_alerts (lab_order_id, flagged_at DESC)
       WHERE lab_order_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM reporting.critical_alerts WHERE lab_order_id IS NOT NULL`);
    await q.query(`DROP INDEX reporting.critical_alerts_lab_order`);
    await q.query(`ALTER TABLE reporting.critical_alerts
      DROP CONSTRAINT critical_alerts_case_flagger,
      DROP CONSTRAINT critical_alerts_lab_facts,
      DROP CONSTRAINT critical_alerts_one_subject,
      DROP COLUMN lab_facts,
      DROP COLUMN lab_order_id,
      ALTER COLUMN flagged_by SET NOT NULL,
      ALTER COLUMN case_id SET NOT NULL`);
  }
}
