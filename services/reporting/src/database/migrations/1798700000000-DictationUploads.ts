import { enableTenantRls, PRINCIPAL_LEVEL_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const level = `current_setting('${PRINCIPAL_LEVEL_SETTING}', true)`;

/**
 * Dictation uploads not attached yet (docs/decisions/0377-unattached-dictation-sweep.md): one row per upload URL
 * signed for a recording (dictations/<tenant>/<case>/<uuid>.<webm|ogg>), removed by the attach that keeps it as a
 * clip (reporting.report_dictations) in the same transaction. What stays past the grace period is an upload nobody
 * attached: the sweeper deletes its object, then the row. Tenant row-level security like every reporting table, and
 * the sweeper's 'system' context may list the rows of every company (ids, key and age only: no patient data).
 */
export class DictationUploads1798700000000 implements MigrationInterface {
  name = 'DictationUploads1798700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reporting.dictation_uploads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        case_id uuid NOT NULL,
        object_key text NOT NULL UNIQUE,
        content_type varchar(16) NOT NULL CHECK (content_type IN ('audio/webm', 'audio/ogg')),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await enableTenantRls(q, 'reporting.dictation_uploads');
    await q.query(`CREATE POLICY dictation_sweeper ON reporting.dictation_uploads FOR SELECT
      USING (${level} = 'system')`);
    await q.query(`CREATE INDEX dictation_uploads_age ON reporting.dictation_uploads (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reporting.dictation_uploads`);
  }
}
