import { OrgUnitsReadModel } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An analyzer belongs to the centre whose laboratory runs it, and the unmatched results queue is narrowed by the
 * caller's centre reach as samples are (docs/decisions/0373, superseding 0317):
 * - `centres`: the kit's read model of auth's groups and centres (auth.org.v1, compacted): the analyzer form's centre
 *   is checked against it and gives the analyzer its group.
 * - `analyzers.centre_id`, `group_id`: the centre (and its group) whose laboratory runs the analyzer. The existing
 *   analyzers take the company's first centre that has a lab: the centre of the company's earliest registered
 *   sample (its group with it). A company with no sample yet leaves them empty: only its company-wide users reach
 *   their results until an administrator names the centre on the analyzer.
 * - `analyzer_results.centre_id`, `group_id`: the analyzer's centre when the result was stored; existing rows take
 *   their analyzer's.
 * Row-level security is unchanged (each table stays under its company's policy; the listener's policy reads analyzers
 * only); the narrowing is the queries' (centreReachSql), as for samples.
 */
export class AnalyzerCentres1798490000000 implements MigrationInterface {
  name = 'AnalyzerCentres1798490000000';

  async up(q: QueryRunner): Promise<void> {
    await new OrgUnitsReadModel('lims.centres').createTable(q);
    await q.query(`ALTER TABLE lims.analyzers ADD COLUMN centre_id uuid, ADD COLUMN group_id uuid`);
    await q.query(`ALTER TABLE lims.analyzer_results ADD COLUMN centre_id uuid, ADD COLUMN group_id uuid`);
    // the owner skips the policies while the tables do not force them: fill every company's rows, then force again
    const tables = ['lims.analyzers', 'lims.analyzer_results', 'lims.samples'];
    for (const t of tables) await q.query(`ALTER TABLE ${t} NO FORCE ROW LEVEL SECURITY`);
    await q.query(`
      UPDATE lims.analyzers a SET centre_id = first.centre_id, group_id = first.group_id
        FROM (SELECT DISTINCT ON (tenant_id) tenant_id, centre_id, group_id FROM lims.samples
               ORDER BY tenant_id, registered_at, created_at) first
       WHERE first.tenant_id = a.tenant_id AND a.centre_id IS NULL`);
    await q.query(`
      UPDATE lims.analyzer_results r SET centre_id = a.centre_id, group_id = a.group_id
        FROM lims.analyzers a WHERE a.id = r.analyzer_id AND r.centre_id IS NULL`);
    for (const t of tables) await q.query(`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`);
    await q.query(
      `CREATE INDEX analyzer_results_centre ON lims.analyzer_results (tenant_id, centre_id, status, received_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX lims.analyzer_results_centre`);
    await q.query(`ALTER TABLE lims.analyzer_results DROP COLUMN group_id, DROP COLUMN centre_id`);
    await q.query(`ALTER TABLE lims.analyzers DROP COLUMN group_id, DROP COLUMN centre_id`);
    await q.query(`DROP TABLE lims.centres`);
  }
}
