import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A change of any analyzer (added, its sender identity edited, deactivated) sends NOTIFY `lims.analyzers` when it
 * commits (the schema's `notify_relay()`, one per statement), so the lims-analyzers listeners drop the senders they
 * remember (AnalyzerSenders, docs/decisions/0353) instead of asking the database on every message.
 */
export class AnalyzerChangeNotify1798480000000 implements MigrationInterface {
  name = 'AnalyzerChangeNotify1798480000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TRIGGER analyzers_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lims.analyzers
         FOR EACH STATEMENT EXECUTE FUNCTION lims.notify_relay()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER analyzers_notify ON lims.analyzers`);
  }
}
