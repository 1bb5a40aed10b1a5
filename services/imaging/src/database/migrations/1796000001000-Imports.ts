import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imports (docs/decisions/0098-zip-import.md): one row per uploaded zip (or STOW-RS request) with its state, the
 * group and centre it was imported for, its uploader, its upload (single PUT or S3 multipart) and what came of it;
 * `instances.import_id` names the import that stored each instance (what an import added, and what a hostile
 * archive's clean-up removes); `import_studies` records each study an import finished (its StudyImported event is
 * written once, even when a finished import is retried). Additive: the archive index is unchanged otherwise.
 */
export class Imports1796000001000 implements MigrationInterface {
  name = 'Imports1796000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE imaging.imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        group_id uuid,
        centre_id uuid,
        user_id uuid,
        source varchar(16) NOT NULL,
        study_id text NOT NULL DEFAULT '',
        state varchar(32) NOT NULL
          CHECK (state IN ('AWAITING_UPLOAD', 'QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED')),
        upload_key text NOT NULL,
        upload_size bigint NOT NULL DEFAULT 0,
        multipart_upload_id text,
        part_size bigint,
        study_instance_uids text[] NOT NULL DEFAULT '{}',
        instances_stored int NOT NULL DEFAULT 0,
        instances_existing int NOT NULL DEFAULT 0,
        skipped jsonb NOT NULL DEFAULT '[]',
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX imports_of_user ON imaging.imports (tenant_id, user_id, created_at DESC)`);
    await q.query(`ALTER TABLE imaging.instances ADD COLUMN IF NOT EXISTS import_id uuid`);
    await q.query(`CREATE INDEX IF NOT EXISTS instances_of_import ON imaging.instances (import_id)`);
    await q.query(`
      CREATE TABLE imaging.import_studies (
        tenant_id uuid NOT NULL,
        import_id uuid NOT NULL,
        study_instance_uid varchar(64) NOT NULL,
        instances_added int NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, import_id, study_instance_uid)
      )`);
    for (const table of ['imports', 'import_studies']) await enableTenantRls(q, `imaging.${table}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE imaging.import_studies`);
    await q.query(`DROP INDEX IF EXISTS imaging.instances_of_import`);
    await q.query(`ALTER TABLE imaging.instances DROP COLUMN IF EXISTS import_id`);
    await q.query(`DROP TABLE imaging.imports`);
  }
}
