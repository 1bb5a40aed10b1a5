import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A status tab by due time (overdue first, the worklist's "due" sort): the tab's cases in due order, so the first page
 * reads 50 entries instead of the whole tab and a sort (the bench company's NEW tab: 2,745 rows, 17 ms → 0.2 ms).
 * Ascending, NULLS LAST as the list orders it (case-query.ts orderSql).
 */
export class TabDueIndex1796400000003 implements MigrationInterface {
  name = 'TabDueIndex1796400000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS cases_tab_due ON cases.cases (tenant_id, status, due_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS cases.cases_tab_due`);
  }
}
