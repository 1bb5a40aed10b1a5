import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The case's referrer (issue 25 item 3, docs/decisions/0343-report-pdf-content.md): the referral a registration names,
 * else the study's Referring Physician's Name (0008,0090) — what the report's "Referred By" prints.
 */
export class CaseReferrer1797300000000 implements MigrationInterface {
  name = 'CaseReferrer1797300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cases.cases ADD COLUMN referring_physician text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cases.cases DROP COLUMN referring_physician`);
  }
}
