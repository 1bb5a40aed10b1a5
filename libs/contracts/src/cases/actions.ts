import { WORKLIST } from '../access/privileges.js';

/**
 * The worklist's actions on a case (spec §4 "Case actions" and §6 action table, word for word where the
 * specification names them; the rest designed: docs/decisions/0114-case-machine.md, 0115-case-action-table.md).
 * Who may do which action on which case is the action table (libs/lifecycles/src/case/action-table.ts); whether
 * the case may move is the case machine (libs/lifecycles/src/case) or, for a case with a fusion centre, the fusion
 * machine (libs/lifecycles/src/fusion). One function answers both: `allowedCaseActions` / `authorizeCaseAction`.
 */
export const CASE_ACTIONS = [
  // an admin's
  'ASSIGN',
  'REASSIGN',
  'UNASSIGN',
  'RECALL',
  'ROLLBACK',
  'SPLIT',
  'OFFER_TO_MARKETPLACE',
  'WITHDRAW_OFFER',
  'SEND_TO_FUSION',
  'RECALL_FROM_FUSION',
  'FLAG_EMERGENCY',
  'FLAG_MLC',
  // the radiologist's
  'ACCEPT',
  'REJECT',
  'ACCEPT_RECALL',
  'REJECT_RECALL',
  'HOLD',
  'UNHOLD',
  'REVERT',
  'SEND_TO_TYPIST',
  'SUBMIT_FOR_REVIEW',
  'COMPLETE',
  'ADDENDUM',
  // the typist's
  'TRANSCRIBE',
  // no change of the case: opening, reading, sending out
  'GO_TO_CASE',
  'DOWNLOAD',
  'PRINT',
  'MAIL',
  'DOWNLOAD_STUDY',
  'CHAT',
] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

/**
 * What the system does to a case, never a user (no privilege, no action-table row): the study arrived for a
 * PENDING FOR SCAN registration (→ NEW); a marketplace radiologist's taken case timed out (→ back to the pool); the
 * fusion centre's radiologist saved the first draft of the report (fusion ACCEPTED → IN_PROGRESS; nothing for a
 * case read at home); the front desk cancelled the registration item of a case still PENDING FOR SCAN (the case is
 * removed, CaseCancelled; later than that the case stays: docs/decisions/0262-registration-cancelled.md).
 */
export const CASE_SYSTEM_EVENTS = [
  'STUDY_ARRIVED',
  'OFFER_TIMEOUT',
  'REPORT_STARTED',
  'REGISTRATION_CANCELLED',
] as const;
export type CaseSystemEvent = (typeof CASE_SYSTEM_EVENTS)[number];

/**
 * Actions that do not change the case (no transition, no event): the console opens, downloads, prints, mails or
 * chats. They are still in the action table (who may, on which status).
 */
export const CASE_VIEW_ACTIONS: readonly CaseAction[] = [
  'GO_TO_CASE',
  'DOWNLOAD',
  'PRINT',
  'MAIL',
  'DOWNLOAD_STUDY',
  'CHAT',
];

/**
 * The worklist privilege (module PACS, type WORKLIST) each action needs. Without it the cases service answers 403;
 * with it, an action the table or the machine refuses is 409.
 */
export const CASE_ACTION_PRIVILEGES: Record<CaseAction, (typeof WORKLIST)[keyof typeof WORKLIST]> = {
  ASSIGN: WORKLIST.ASSIGN,
  REASSIGN: WORKLIST.REASSIGN,
  UNASSIGN: WORKLIST.UNASSIGN,
  RECALL: WORKLIST.RECALL,
  ROLLBACK: WORKLIST.ROLLBACK,
  SPLIT: WORKLIST.SPLIT_CASE,
  OFFER_TO_MARKETPLACE: WORKLIST.ASSIGN,
  WITHDRAW_OFFER: WORKLIST.ASSIGN,
  SEND_TO_FUSION: WORKLIST.ASSIGN,
  RECALL_FROM_FUSION: WORKLIST.RECALL,
  FLAG_EMERGENCY: WORKLIST.FLAG_EMERGENCY_MLC,
  FLAG_MLC: WORKLIST.FLAG_EMERGENCY_MLC,
  ACCEPT: WORKLIST.ACCEPT,
  REJECT: WORKLIST.REJECT,
  ACCEPT_RECALL: WORKLIST.ACCEPT,
  REJECT_RECALL: WORKLIST.REJECT,
  HOLD: WORKLIST.GENERATE_REPORT,
  UNHOLD: WORKLIST.GENERATE_REPORT,
  REVERT: WORKLIST.REJECT,
  SEND_TO_TYPIST: WORKLIST.GENERATE_REPORT,
  SUBMIT_FOR_REVIEW: WORKLIST.GENERATE_REPORT,
  COMPLETE: WORKLIST.GENERATE_REPORT,
  ADDENDUM: WORKLIST.ADDENDUM,
  TRANSCRIBE: WORKLIST.TRANSCRIBE,
  GO_TO_CASE: WORKLIST.VIEW,
  DOWNLOAD: WORKLIST.DOWNLOAD_PRINT,
  PRINT: WORKLIST.DOWNLOAD_PRINT,
  MAIL: WORKLIST.SEND_REPORT_TO_PATIENT,
  DOWNLOAD_STUDY: WORKLIST.CASE_DOWNLOAD,
  CHAT: WORKLIST.CHAT,
};

/** How the console names each action (buttons, confirmation dialogs, the audit trail). */
export const CASE_ACTION_LABELS: Record<CaseAction, string> = {
  ASSIGN: 'Assign',
  REASSIGN: 'Reassign',
  UNASSIGN: 'Unassign',
  RECALL: 'Recall',
  ROLLBACK: 'Rollback',
  SPLIT: 'Split',
  OFFER_TO_MARKETPLACE: 'Offer to Marketplace',
  WITHDRAW_OFFER: 'Withdraw Offer',
  SEND_TO_FUSION: 'Send to Fusion',
  RECALL_FROM_FUSION: 'Recall from Fusion',
  FLAG_EMERGENCY: 'Flag as Emergency',
  FLAG_MLC: 'Flag as MLC',
  ACCEPT: 'Accept',
  REJECT: 'Reject',
  ACCEPT_RECALL: 'Accept Recall',
  REJECT_RECALL: 'Reject Recall',
  HOLD: 'Hold',
  UNHOLD: 'Release Hold',
  REVERT: 'Revert',
  SEND_TO_TYPIST: 'Send to Transcriptionist',
  SUBMIT_FOR_REVIEW: 'Submit for Review',
  COMPLETE: 'Complete',
  ADDENDUM: 'Addendum',
  TRANSCRIBE: 'Transcribe',
  GO_TO_CASE: 'Go to Case',
  DOWNLOAD: 'Download',
  PRINT: 'Print',
  MAIL: 'Mail',
  DOWNLOAD_STUDY: 'Download Study',
  CHAT: 'Chat',
};

/** Actions that need a reason (the console asks for one in its confirmation dialog; the service refuses without). */
export const CASE_ACTIONS_NEEDING_REASON: readonly CaseAction[] = ['REJECT'];

export function isCaseAction(value: string): value is CaseAction {
  return (CASE_ACTIONS as readonly string[]).includes(value);
}
