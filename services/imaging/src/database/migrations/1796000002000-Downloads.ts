import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Study downloads (docs/decisions/0106-study-download-zips.md): one row per zip asked for, its state (spec §4
 * download states, moved only as the download machine allows), who asked, what it zipped (instance count and bytes:
 * the stamp that decides whether a finished zip may be reused), where the zip is, its size, its error, and until
 * when the finished zip is fresh, and every state it passed with its time (`history`). Under tenant row-level security; removed with its study.
 */
export class Downloads1796000002000 implements MigrationInterface {
  name = 'Downloads1796000002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE imaging.downloads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        study_id uuid NOT NULL,
        study_instance_uid varchar(64) NOT NULL,
        requested_by uuid NOT NULL,
        state varchar(16) NOT NULL
          CHECK (state IN ('DWN_INIT', 'DWN_STRT', 'DWN_FAIL', 'DWN_DONE', 'ZIP_STRT', 'ZIP_DONE', 'ZIP_FAIL', 'READY')),
        instance_count int NOT NULL DEFAULT 0,
        instances_bytes bigint NOT NULL DEFAULT 0,
        zip_key text,
        size_bytes bigint,
        error text,
        expires_at timestamptz,
        history jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT downloads_study FOREIGN KEY (study_id, tenant_id) REFERENCES imaging.studies (id, tenant_id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX downloads_of_study ON imaging.downloads (tenant_id, study_id, state, expires_at DESC)`);
    await enableTenantRls(q, 'imaging.downloads');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE imaging.downloads`);
  }
}
