import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marks the read models of other services' data (docs/decisions/0120) as such, in the catalogue: a table whose
 * comment starts with 'read model of' holds nothing of its own. npm test's demo check (services/auth/src/demo-check.ts)
 * leaves them out — they fill from Kafka whenever the consumer catches up, and their source tables are checked.
 */
export class ReadModelMarks1796100006000 implements MigrationInterface {
  name = 'ReadModelMarks1796100006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`COMMENT ON TABLE cases.users IS 'read model of auth.user.v1 (auth.users)'`);
    await q.query(`COMMENT ON TABLE cases.centres IS 'read model of auth.org.v1 (auth.centres)'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`COMMENT ON TABLE cases.users IS NULL`);
    await q.query(`COMMENT ON TABLE cases.centres IS NULL`);
  }
}
