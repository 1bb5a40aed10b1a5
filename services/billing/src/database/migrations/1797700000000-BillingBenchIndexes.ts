import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the front desk's search and the finance dashboard read at a million invoices (issue 22's benchmark,
 * docs/decisions/0289):
 * - the desk's search as it types: row-level security lets only leakproof conditions lead an index, and neither LIKE
 *   nor lower() is leakproof, so `lower(patient_name) LIKE 'sun%'` read every patient of the company (or of the
 *   centre) and the expression indexes on lower(...) were never used. The name and MR number are kept lower-cased in
 *   stored columns, searched by prefix ranges with the leakproof `~>=~` / `~<~` (the phone number as it is, on its
 *   index): one index per column for the company's search, and the name's by centre for a desk's (its centres);
 *   the two expression indexes go;
 * - the dashboard's summed days: by company, centre and date, covering what is summed (index-only, the company an
 *   index condition rather than a filter on every row of every company).
 */
export class BillingBenchIndexes1797700000000 implements MigrationInterface {
  name = 'BillingBenchIndexes1797700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE billing.patients
        ADD COLUMN patient_name_lower text GENERATED ALWAYS AS (lower(patient_name)) STORED,
        ADD COLUMN mr_number_lower text GENERATED ALWAYS AS (lower(mr_number)) STORED`);
    await q.query(`DROP INDEX billing.patients_name`);
    await q.query(`DROP INDEX billing.patients_mr`);
    await q.query(
      `CREATE INDEX patients_name_search ON billing.patients (tenant_id, patient_name_lower text_pattern_ops)`,
    );
    await q.query(`
      CREATE INDEX patients_centre_name_search
        ON billing.patients (tenant_id, centre_id, patient_name_lower text_pattern_ops)`);
    await q.query(`CREATE INDEX patients_mr_search ON billing.patients (tenant_id, mr_number_lower text_pattern_ops)`);
    await q.query(`
      CREATE INDEX finance_days_sums ON billing.finance_days (tenant_id, centre_id, local_date)
        INCLUDE (invoices, invoiced_minor, credit_notes, credited_minor)`);
    await q.query(`
      CREATE INDEX finance_day_modes_sums ON billing.finance_day_modes (tenant_id, centre_id, local_date)
        INCLUDE (mode, payments, paid_minor, refunds, refunded_minor)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX billing.finance_day_modes_sums`);
    await q.query(`DROP INDEX billing.finance_days_sums`);
    await q.query(`DROP INDEX billing.patients_mr_search`);
    await q.query(`DROP INDEX billing.patients_centre_name_search`);
    await q.query(`DROP INDEX billing.patients_name_search`);
    await q.query(`ALTER TABLE billing.patients DROP COLUMN mr_number_lower, DROP COLUMN patient_name_lower`);
    await q.query(`CREATE INDEX patients_name ON billing.patients (tenant_id, lower(patient_name) text_pattern_ops)`);
    await q.query(`CREATE INDEX patients_mr ON billing.patients (tenant_id, lower(mr_number) text_pattern_ops)`);
  }
}
