import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The maintained counts (cases.case_counts) read by a tab's total and by a radiologist's counts without a scan of the
 * whole table (10,640 rows with the bench company; its unique key leads with group and centre, which neither query
 * fixes). `n` is in neither index, so the counts' updates on every transition stay HOT updates.
 */
export class CaseCountsIndexes1796400000005 implements MigrationInterface {
  name = 'CaseCountsIndexes1796400000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS case_counts_status ON cases.case_counts (tenant_id, status)`);
    await q.query(
      `CREATE INDEX IF NOT EXISTS case_counts_radiologist ON cases.case_counts (tenant_id, radiologist_id, status)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS cases.case_counts_radiologist`);
    await q.query(`DROP INDEX IF EXISTS cases.case_counts_status`);
  }
}
