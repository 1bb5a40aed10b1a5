import { enableTenantRls, PRINCIPAL_LEVEL_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const level = `current_setting('${PRINCIPAL_LEVEL_SETTING}', true)`;

/**
 * The one ingest rule and the abandoned-upload sweeper (docs/decisions/0203-one-ingest-rule.md,
 * 0204-abandoned-uploads.md):
 * - `imports.reach_*`: the reach of the user who asked for the upload (group filter, centre filter, nothing at all),
 *   kept with the import, so the worker lets the zip's instances join only studies that user reaches — the rule
 *   STOW-RS applies with the caller's request. Imports already recorded reach their own centre.
 * - `instances.announced`: whether a StudyImported has counted the instance. `finish` announces every instance of
 *   its studies not yet announced, whichever request stored it, so a request retried after a crash, or the sweeper,
 *   still publishes the study; rows indexed before this migration count as announced, except those of studies still
 *   CLOUD_UPLOADING whose import never finished them.
 * - The sweeper lists the CLOUD_UPLOADING studies of every company in the 'system' context (that policy shows no
 *   other study), then finishes each in its own company's unit of work.
 * - `centres`: the company's groups and centres, a read model of auth.org.v1 (compacted: docs/decisions/0120), so an
 *   import or STOW-RS for a centre of another company is refused.
 */
export class IngestRules1796800020300 implements MigrationInterface {
  name = 'IngestRules1796800020300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE imaging.imports ADD COLUMN reach_group_id uuid`);
    await q.query(`ALTER TABLE imaging.imports ADD COLUMN reach_centre_ids uuid[]`);
    await q.query(`ALTER TABLE imaging.imports ADD COLUMN reach_empty boolean NOT NULL DEFAULT false`);
    // instances indexed so far are announced (no table rewrite); new ones are not until a finish counts them
    await q.query(`ALTER TABLE imaging.instances ADD COLUMN announced boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE imaging.instances ALTER COLUMN announced SET DEFAULT false`);
    await q.query(`CREATE INDEX instances_unannounced ON imaging.instances (study_id) WHERE NOT announced`);
    // the rows written before: the migration's role is the owner, whom FORCE ROW LEVEL SECURITY holds to a tenant
    await q.query(`ALTER TABLE imaging.imports NO FORCE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE imaging.instances NO FORCE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE imaging.studies NO FORCE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE imaging.import_studies NO FORCE ROW LEVEL SECURITY`);
    await q.query(`UPDATE imaging.imports SET reach_group_id = group_id,
        reach_centre_ids = CASE WHEN centre_id IS NULL THEN NULL ELSE ARRAY[centre_id] END`);
    await q.query(`UPDATE imaging.instances i SET announced = false FROM imaging.studies s
      WHERE s.id = i.study_id AND s.state = 'CLOUD_UPLOADING' AND NOT EXISTS (
        SELECT 1 FROM imaging.import_studies f
         WHERE f.import_id = i.import_id AND f.study_instance_uid = s.study_instance_uid)`);
    for (const table of ['imports', 'instances', 'studies', 'import_studies'])
      await q.query(`ALTER TABLE imaging.${table} FORCE ROW LEVEL SECURITY`);
    await q.query(`CREATE POLICY upload_sweeper ON imaging.studies FOR SELECT
      USING (${level} = 'system' AND state = 'CLOUD_UPLOADING')`);
    await q.query(`CREATE INDEX studies_uploading ON imaging.studies (updated_at) WHERE state = 'CLOUD_UPLOADING'`);
    await q.query(`
      CREATE TABLE imaging.centres (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        kind varchar(16) NOT NULL CHECK (kind IN ('group', 'centre')),
        group_id uuid,
        is_active boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await enableTenantRls(q, 'imaging.centres');
    // it holds nothing of its own: npm test's demo check leaves it out (it fills from Kafka at its own pace)
    await q.query(`COMMENT ON TABLE imaging.centres IS 'read model of auth.org.v1 (auth.centres)'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE imaging.centres`);
    await q.query(`DROP INDEX IF EXISTS imaging.studies_uploading`);
    await q.query(`DROP POLICY IF EXISTS upload_sweeper ON imaging.studies`);
    await q.query(`DROP INDEX IF EXISTS imaging.instances_unannounced`);
    await q.query(`ALTER TABLE imaging.instances DROP COLUMN announced`);
    await q.query(`ALTER TABLE imaging.imports DROP COLUMN reach_empty`);
    await q.query(`ALTER TABLE imaging.imports DROP COLUMN reach_centre_ids`);
    await q.query(`ALTER TABLE imaging.imports DROP COLUMN reach_group_id`);
  }
}
