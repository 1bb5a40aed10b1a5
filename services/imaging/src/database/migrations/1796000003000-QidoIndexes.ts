import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The archive list's default order (newest first within a tenant): (tenant_id, created_at DESC). QIDO-RS's own
 * order reads the foundation's (tenant_id, study_date) backwards; PatientName gets its index in
 * 1796000003001-PatientNameSearch (docs/decisions/0103-dicomweb-answers.md).
 */
export class QidoIndexes1796000003000 implements MigrationInterface {
  name = 'QidoIndexes1796000003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS studies_created ON imaging.studies (tenant_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS imaging.studies_created`);
  }
}
