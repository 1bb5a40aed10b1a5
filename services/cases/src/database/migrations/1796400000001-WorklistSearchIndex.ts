import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The searched name columns (case-query.ts SEARCH_COLUMNS, `walked`). */
const NAMES = ['patient_name_upper', 'patient_given_upper'];

/**
 * The worklist's free-text search without reading every match (docs/decisions/0193-worklist-search.md):
 * - cases_received_search: the company's cases newest first (the index cases_received was) carrying the two name
 *   columns as later keys, so a common name prefix walks it newest first, tests the name in each index entry (an
 *   index condition under row-level security: the range operators are leakproof) and fetches only the rows that
 *   match — a first page of 50 reads 50 rows, not the 7,700 matches. It replaces cases_received (same leading keys).
 * - a finer histogram on the name columns (1,000 entries): the range operators of text_pattern_ops cannot use the
 *   histogram's order, so the planner counts its entries inside the range; with 100, a prefix of 0.8 % of the
 *   company was estimated at 77 rows of 7,700 and reading every match, then sorting, always won. With 1,000 it sees
 *   a common prefix as common (walk) and a rare one as rare (its prefix index, a few rows).
 * The patient ID and accession number are left as they were (their prefix indexes, default statistics).
 */
export class WorklistSearchIndex1796400000001 implements MigrationInterface {
  name = 'WorklistSearchIndex1796400000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS cases_received_search ON cases.cases
      (tenant_id, received_at DESC, id DESC, ${NAMES.map((c) => `${c} text_pattern_ops`).join(', ')})`);
    await q.query(`DROP INDEX IF EXISTS cases.cases_received`);
    await q.query(`ALTER TABLE cases.cases ${NAMES.map((c) => `ALTER COLUMN ${c} SET STATISTICS 1000`).join(', ')}`);
    await q.query(`ANALYZE cases.cases`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cases.cases ${NAMES.map((c) => `ALTER COLUMN ${c} SET STATISTICS -1`).join(', ')}`);
    await q.query(`CREATE INDEX IF NOT EXISTS cases_received ON cases.cases (tenant_id, received_at DESC, id DESC)`);
    await q.query(`DROP INDEX IF EXISTS cases.cases_received_search`);
  }
}
