import {
  CASE_ACTION_LABELS,
  CASE_MESSAGES,
  type Case,
  type CaseAction,
  type PermissionConfig,
  personName,
} from '@rayworks/contracts';
import {
  allowedCaseActions,
  caseActionRoute,
  CASE_ACTION_REASONS,
  DESTRUCTIVE_CASE_ACTIONS,
  type CaseActor,
  type CaseLifecycleFacts,
} from '@rayworks/lifecycles';

/**
 * What a worklist row offers (docs/decisions/0154-worklist-actions.md): exactly `allowedCaseActions` of
 * @rayworks/lifecycles — the same function the cases service authorizes with — for the logged-in user, their role
 * codes and WORKLIST privileges, on the row's facts. How the console carries each action out is decided here too.
 */

/** The user's WORKLIST privilege codes (module PACS) from the permission configuration. */
export function worklistPrivilegesOf(config: PermissionConfig | null): string[] {
  if (!config) return [];
  return config
    .filter((entry) => entry.module.toUpperCase() === 'PACS')
    .flatMap((entry) => entry.submodules.filter((s) => s.type.toUpperCase() === 'WORKLIST'))
    .flatMap((s) => s.privileges.map((p) => p.code.toUpperCase()));
}

/**
 * A row's facts as the lifecycle reads them. The centre's settings change only where a move goes (acceptance,
 * the typist's choice), never whether it is allowed, so the defaults stand in for them here.
 */
export function factsOf(row: Case): CaseLifecycleFacts {
  return {
    status: row.status,
    workflowType: row.workflowType,
    fusionStatus: row.fusionStatus,
    onHold: row.onHold,
    recallRequested: row.recallRequested,
    radiologistId: row.radiologistId,
    typistId: row.typistId,
    imagingState: row.imagingState,
    parentCaseId: row.parentCaseId,
    seriesCount: row.seriesCount,
    legends: row.legends,
    priority: row.priority,
    rejectReason: row.rejectReason,
    fusionCentreId: row.fusionCentreId,
    assignedAt: row.assignedAt,
    completedAt: row.completedAt,
    settings: { requiresAcceptance: false, typistAssignment: 'MANUAL' },
  };
}

export function rowActions(actor: CaseActor, row: Case): CaseAction[] {
  return allowedCaseActions(actor, factsOf(row));
}

/**
 * How the console carries an action out, from `caseActionRoute` (docs/decisions/0161): `assign` opens the assign page
 * (/worklist/edit/<ids>); `update` is the action's route (/cases/worklistupdate, the marketplace's, the fusion's) after
 * a confirmation; `mail` mails the final report (the report page's dialog), `pdf` shows its PDF to download or print
 * (docs/decisions/0379); `later` says plainly that the screen is not there yet.
 */
export type ActionKind = 'assign' | 'update' | 'viewer' | 'report' | 'mail' | 'pdf' | 'later';

/**
 * The actions a report carries out (docs/decisions/0191-report-editor.md): the case moves on from reporting's events
 * once the report is submitted or finalized, so the worklist opens the report (/cases/report/:id) for them. Sending
 * to the typist stays a worklist move too (a radiologist who dictates sends before writing anything); the editor's
 * Send to typist does the same through the report.
 */
export const REPORT_ACTIONS: readonly CaseAction[] = ['SUBMIT_FOR_REVIEW', 'COMPLETE', 'ADDENDUM', 'TRANSCRIBE'];

export function actionKind(row: Pick<Case, 'fusionStatus' | 'workflowType'>, action: CaseAction): ActionKind {
  if (action === 'GO_TO_CASE') return 'viewer';
  if (action === 'MAIL') return 'mail';
  if (action === 'DOWNLOAD' || action === 'PRINT') return 'pdf';
  const { route } = caseActionRoute(row, action);
  if (REPORT_ACTIONS.includes(action) && (route === 'worklistUpdate' || route === null)) return 'report';
  if (route === 'assign') return 'assign';
  if (route === null || route === 'splitCase') return 'later';
  return 'update';
}

/** Actions whose confirmation asks for a reason, and whether it must be given (reject and recall must). */
export const REASON_ACTIONS = CASE_ACTION_REASONS;

/** Actions that are confirmed with a red button (they take work away from someone). */
export const DESTRUCTIVE_ACTIONS = DESTRUCTIVE_CASE_ACTIONS;

/** The sentence of the confirmation dialog. */
export function confirmText(action: CaseAction, row: Pick<Case, 'patientName' | 'status'>): string {
  const who = personName(row.patientName);
  switch (action) {
    case 'ACCEPT':
      return `Accept the case of ${who}? It moves to your cases in progress.`;
    case 'REJECT':
      return `Reject the case of ${who}? It goes back to the administrators to be reassigned.`;
    case 'RECALL':
      return `Ask the radiologist to give back the case of ${who}? They accept or reject the recall request.`;
    case 'SEND_TO_TYPIST':
      return `Send the case of ${who} to a Transcriptionist?`;
    default:
      return `${CASE_ACTION_LABELS[action]}: the case of ${who} (${row.status}).`;
  }
}

/** The reason field's error when a required reason is missing (the service's own words). */
export const REASON_REQUIRED = CASE_MESSAGES.reasonRequired;

/** DICOM person names (Family^Given) as people read them: the one function of libs/contracts. */
export { personName };
