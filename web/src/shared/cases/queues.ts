import { normalizeRoleCode, type CaseStatus, type CaseStatusTab } from '@rayworks/contracts';
import { TYPIST_ROLES } from '@rayworks/lifecycles';

/**
 * The reporting queues (docs/decisions/0191-report-editor.md) are views of the worklist (/cases), not pages of their
 * own: the typist's queue is the "At Transcriptionist" tab (PENDING AT TYPIST), the review queue the "For Review" tab
 * (PENDING FOR REVIEW) — the server already limits both to what the user may see, the counts are the tabs' live
 * counts, and the filters and columns are the worklist's. A transcriptionist who opens the worklist without a tab
 * lands on their queue.
 */
export const TYPIST_QUEUE: CaseStatusTab = 'PENDING AT TYPIST';
export const REVIEW_QUEUE: CaseStatusTab = 'PENDING FOR REVIEW';

/** The tab a user lands on when the address names none: the typist's queue for transcriptionists, else none. */
export function landingQueue(roleCodes: readonly string[]): CaseStatusTab | null {
  const roles = roleCodes.map((r) => normalizeRoleCode(r));
  return roles.some((r) => r !== undefined && TYPIST_ROLES.includes(r)) ? TYPIST_QUEUE : null;
}

/** The statuses in which a case has a report to open (the row's Report action). */
export const REPORT_STATUSES_OF_CASE: readonly CaseStatus[] = [
  'IN PROGRESS',
  'PENDING AT TYPIST',
  'PENDING FOR REVIEW',
  'COMPLETED',
];
