import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A marketplace radiologist's reach written out (case-reach.ts, docs/decisions/0194-hot-path-reach.md) reads the
 * cases assigned to it across companies: every other index of cases.cases leads with the company, so without this
 * one that arm read the whole table.
 */
export class MarketplaceReachIndex1796400000002 implements MigrationInterface {
  name = 'MarketplaceReachIndex1796400000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS cases_radiologist ON cases.cases (radiologist_id) WHERE radiologist_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS cases.cases_radiologist`);
  }
}
