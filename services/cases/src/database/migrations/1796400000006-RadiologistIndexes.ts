import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A radiologist's statistics and search without walking the whole company's cases (docs/benchmarks.md,
 * 2026-11-27; 1,000,000 cases, a radiologist of 50,583 of them):
 * - the due counts and the medians of 1796400000004 range every open or completed case of the company by time and
 *   keep the radiologist's (8,786 overdue cases tested for 296: 8.5 ms; 771 of the day's completions bitmapped
 *   against the radiologist's 50,583 cases for 20: 8.3 ms); keyed by the radiologist first they read only its own
 *   (1.2 ms, 0.2 ms). Its review queue (PENDING FOR REVIEW of its centres) is ORed in from cases_centre_tab_received;
 * - a name search walked the company's cases newest first (cases_received_search) and kept the radiologist's: its
 *   own branch (caseReachAlternativesSql) walks its own cases newest first instead, testing the name in the index
 *   (21 ms → 1.5 ms).
 */
const OPEN = `status NOT IN ('COMPLETED', 'PENDING FOR SCAN') AND due_at IS NOT NULL AND radiologist_id IS NOT NULL`;
const COMPLETED = `status = 'COMPLETED' AND completed_at IS NOT NULL AND radiologist_id IS NOT NULL`;

export class RadiologistIndexes1796400000006 implements MigrationInterface {
  name = 'RadiologistIndexes1796400000006';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS cases_radiologist_open_due ON cases.cases (tenant_id, radiologist_id, due_at) WHERE ${OPEN}`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS cases_radiologist_completed ON cases.cases (tenant_id, radiologist_id, completed_at)
       WHERE ${COMPLETED}`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS cases_radiologist_search ON cases.cases (tenant_id, radiologist_id, received_at DESC,
       id DESC, patient_name_upper text_pattern_ops, patient_given_upper text_pattern_ops) WHERE radiologist_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS cases.cases_radiologist_search`);
    await q.query(`DROP INDEX IF EXISTS cases.cases_radiologist_completed`);
    await q.query(`DROP INDEX IF EXISTS cases.cases_radiologist_open_due`);
  }
}
