import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';

/**
 * A case's audit trail (docs/decisions/0156-case-audit-trail.md): the entries of the cases service's append-only
 * audit log whose target is this case, newest first. The case must be in the caller's reach (the same rule as
 * /cases/findOne): another company's case, another centre's, a case not assigned to this radiologist — 404.
 */
const id = z.uuid();

export const caseAuditBody = z
  .object({
    _id: id,
    /** Also the audited reads of the case (who opened it); by default only what changed it. */
    includeReads: z.boolean().default(false),
    limit: z.coerce.number().int().min(1).max(500).default(200),
  })
  .strict();

export const caseAuditEntrySchema = z.object({
  /** The entry's number in the log (ascending with time). */
  id: z.string(),
  at: z.string(),
  /** The service's own word: `case.assign`, `CASE_CREATE`, `PATIENT_DATA_READ`, ... */
  action: z.string(),
  actorId: z.string().nullable(),
  actorLogin: z.string().nullable(),
  /** The actor's full name from the cases service's directory, when it knows the user. */
  actorName: z.string().nullable(),
  /** What the entry recorded: the statuses before and after, the version, a reason, ... */
  details: z.record(z.string(), z.unknown()),
});
export type CaseAuditEntry = z.infer<typeof caseAuditEntrySchema>;

export const CASE_AUDIT_ENDPOINTS = {
  findCaseAudit: ep({
    method: 'POST',
    path: '/cases/audit',
    access: requirement('WORKLIST', WORKLIST.VIEW),
    body: caseAuditBody,
    data: z.object({ entries: z.array(caseAuditEntrySchema), truncated: z.boolean() }),
    errors: [404],
  }),
} as const;
