import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dictation clips of a report (issue 25 item 5; docs/decisions/0354-dictation-clips.md), under tenant row-level
 * security like every reporting table: one row per recording kept in the object store
 * (dictations/<tenant>/<case>/<uuid>.<webm|ogg>), with the report version it was recorded on. Rows are never deleted
 * (no route deletes one; the report moving on keeps them).
 */
export class ReportDictations1798600000000 implements MigrationInterface {
  name = 'ReportDictations1798600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reporting.report_dictations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        report_id uuid NOT NULL REFERENCES reporting.reports (id),
        case_id uuid NOT NULL,
        report_version int NOT NULL CHECK (report_version >= 0),
        object_key text NOT NULL UNIQUE,
        content_type varchar(16) NOT NULL CHECK (content_type IN ('audio/webm', 'audio/ogg')),
        size_bytes int NOT NULL CHECK (size_bytes > 0),
        duration_ms int NOT NULL CHECK (duration_ms >= 0),
        recorded_by uuid NOT NULL,
        recorded_by_name text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await enableTenantRls(q, 'reporting.report_dictations');
    await q.query(`CREATE INDEX report_dictations_report ON reporting.report_dictations (report_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reporting.report_dictations`);
  }
}
