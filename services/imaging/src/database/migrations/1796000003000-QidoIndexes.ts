import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for QIDO-RS and the archive list (docs/decisions/0103-dicomweb-answers.md): PatientName matching is
 * `upper(patient_name) LIKE pattern`, with wildcards anywhere, so it gets a trigram GIN index (pg_trgm, a trusted
 * extension the database owner may create) — prefix, infix and suffix patterns all use it. Where pg_trgm cannot be
 * had, a text_pattern_ops b-tree on upper(patient_name) still serves prefix patterns (`DOE*`). The newest-first
 * order of QIDO answers reads the (tenant_id, study_date) index backwards; the archive list's default order gets
 * (tenant_id, created_at DESC).
 */
export class QidoIndexes1796000003000 implements MigrationInterface {
  name = 'QidoIndexes1796000003000';

  async up(q: QueryRunner): Promise<void> {
    const [available] = (await q.query(
      `SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`,
    )) as [{ n: number }];
    let trgmSchema: string | null = null;
    if (available!.n > 0) {
      await q.query(`SAVEPOINT trgm`);
      try {
        await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA imaging`);
        await q.query(`RELEASE SAVEPOINT trgm`);
      } catch {
        await q.query(`ROLLBACK TO SAVEPOINT trgm`);
      }
      const rows = (await q.query(
        `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      )) as { schema: string }[];
      trgmSchema = rows[0]?.schema ?? null;
    }
    if (trgmSchema)
      await q.query(
        `CREATE INDEX studies_patient_name_trgm ON imaging.studies USING gin (upper(patient_name) "${trgmSchema}".gin_trgm_ops)`,
      );
    await q.query(
      `CREATE INDEX studies_patient_name_prefix ON imaging.studies (tenant_id, upper(patient_name) text_pattern_ops)`,
    );
    await q.query(`CREATE INDEX studies_created ON imaging.studies (tenant_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS imaging.studies_created`);
    await q.query(`DROP INDEX IF EXISTS imaging.studies_patient_name_prefix`);
    await q.query(`DROP INDEX IF EXISTS imaging.studies_patient_name_trgm`);
  }
}
