import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { QueryParams, typedRows, type ReadTx } from '@rayworks/nest-kit';

const auditRow = z.object({
  id: z.coerce.string(),
  at: z.coerce.date(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_login: z.string().nullable(),
  actor_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type CaseAuditRow = z.output<typeof auditRow>;

/** Audit actions that record a read, left out of a case's trail unless asked for. */
export const READ_AUDIT_ACTIONS = ['PATIENT_DATA_READ'] as const;

/**
 * The entries of cases.audit_log about one case (target_type 'case'), newest first, read by the index on
 * (target_type, target_id, at) (migration 1796100005000). Row-level security keeps them the caller's company's.
 */
@Injectable()
export class CaseAuditTrailRepository {
  entries(tx: ReadTx, caseId: string, options: { includeReads: boolean; limit: number }): Promise<CaseAuditRow[]> {
    const p = new QueryParams();
    const where = [`a.target_type = 'case'`, `a.target_id = ${p.add(caseId)}`];
    if (!options.includeReads) where.push(`a.action <> ALL(${p.add([...READ_AUDIT_ACTIONS])}::text[])`);
    return typedRows(
      tx.manager,
      auditRow,
      `SELECT a.id, a.at, a.action, a.actor_id::text AS actor_id, a.actor_login, u.full_name AS actor_name, a.details
       FROM cases.audit_log a LEFT JOIN cases.users u ON u.id = a.actor_id
       WHERE ${where.join(' AND ')}
       ORDER BY a.at DESC, a.id DESC
       LIMIT ${p.add(options.limit + 1)}`,
      p,
    );
  }
}
