import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marks reporting's read model of auth's users as such in the catalogue (as cases' 1796100006000-ReadModelMarks does):
 * npm test's demo check (services/auth/src/demo-check.ts) leaves it out — it fills from Kafka whenever the consumer
 * catches up, and its source table (auth.users) is checked.
 */
export class ReadModelMarks1796300003001 implements MigrationInterface {
  name = 'ReadModelMarks1796300003001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`COMMENT ON TABLE reporting.directory_users IS 'read model of auth.user.v1 (auth.users)'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`COMMENT ON TABLE reporting.directory_users IS NULL`);
  }
}
