import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { REPORT_STATUSES } from './states.js';

/**
 * The reports of a case's priors, beside Compare in the viewer's priors panel (issue 25 item 9;
 * docs/decisions/0347-prior-reports-in-the-viewer.md): the final text of each prior asked for that is a prior of the
 * case — a case the caller may see (cases answers with the caller's credentials) of the same patient ID in the same
 * centre. A case out of reach or of another patient or centre is left out of the answer, never named; the case
 * itself out of reach is 404.
 */
const id = z.uuid();

/** At most this many priors in one ask (the viewer's priors are fewer: STUDY_TOKEN_MAX_STUDIES - 1). */
export const PRIOR_REPORTS_MAX = 50;

export const priorReportsBody = z
  .object({ caseId: id, priorCaseIds: z.array(id).min(1).max(PRIOR_REPORTS_MAX) })
  .strict();

export const priorReportSchema = z.object({
  caseId: id,
  /** The report's status; null: the prior has no report. */
  status: z.enum(REPORT_STATUSES).nullable(),
  /** The final report's text (and its final addenda), as plain text; null unless the report is FINAL. */
  text: z.string().nullable(),
  finalizedAt: z.string().nullable(),
  /** The signing radiologist's name on the final report. */
  signedBy: z.string().nullable(),
});
export type PriorReport = z.infer<typeof priorReportSchema>;

export const PRIOR_REPORT_ENDPOINTS = {
  priorReports: ep({
    method: 'POST',
    path: '/report/priors',
    access: requirement('WORKLIST', WORKLIST.REPORT_VIEW),
    body: priorReportsBody,
    data: z.object({ reports: z.array(priorReportSchema) }),
    errors: [404],
  }),
};
