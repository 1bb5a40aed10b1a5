import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A case's audit trail (/cases/audit, docs/decisions/0156-case-audit-trail.md) reads the entries of one target,
 * newest first: an index on (target_type, target_id, at) answers it without scanning the company's log.
 */
export class CaseAuditIndex1796100005000 implements MigrationInterface {
  name = 'CaseAuditIndex1796100005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS audit_log_target ON cases.audit_log (target_type, target_id, at DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS cases.audit_log_target`);
  }
}
