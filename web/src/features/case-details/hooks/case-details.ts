import {
  CASE_ACTION_LABELS,
  FUSION_UPDATE_ACTIONS,
  WORKLIST_UPDATE_ACTIONS,
  isCaseAction,
  type Case,
  type CaseAction,
  type CaseAuditEntry,
  type FusionUpdateAction,
  type PermissionConfig,
  type WorklistUpdateAction,
} from '@rayworks/contracts';
import { allowedCaseActions, isWithFusion, type CaseActor, type CaseLifecycleFacts } from '@rayworks/lifecycles';

/**
 * The case details page's logic (docs/decisions/0158-case-details-page.md): the actor and the allowed actions (the
 * same `allowedCaseActions` the cases service authorizes with), how each action is carried out from this page, and
 * how an audit entry reads.
 */

/** The logged-in user as the lifecycle reads them: id, role codes, WORKLIST privilege codes (module PACS). */
export function caseActorOf(
  profile: { _id: string; roleCodes: readonly string[] } | null,
  config: PermissionConfig | null,
): CaseActor | null {
  if (!profile) return null;
  const privileges = (config ?? [])
    .filter((entry) => entry.module.toUpperCase() === 'PACS')
    .flatMap((entry) => entry.submodules.filter((s) => s.type.toUpperCase() === 'WORKLIST'))
    .flatMap((s) => s.privileges.map((p) => p.code.toUpperCase()));
  return { userId: profile._id, roleCodes: profile.roleCodes, privileges };
}

/**
 * A case's facts as the lifecycle reads them. The centre's settings change where a move goes (acceptance, the
 * typist's choice), never whether it is allowed, so defaults stand in for them.
 */
export function factsOf(c: Case): CaseLifecycleFacts {
  return {
    status: c.status,
    workflowType: c.workflowType,
    fusionStatus: c.fusionStatus,
    onHold: c.onHold,
    recallRequested: c.recallRequested,
    radiologistId: c.radiologistId,
    typistId: c.typistId,
    imagingState: c.imagingState,
    parentCaseId: c.parentCaseId,
    seriesCount: c.seriesCount,
    legends: c.legends,
    priority: c.priority,
    rejectReason: c.rejectReason,
    fusionCentreId: c.fusionCentreId,
    assignedAt: c.assignedAt,
    completedAt: c.completedAt,
    settings: { requiresAcceptance: false, typistAssignment: 'MANUAL' },
  };
}

/**
 * How the page carries an action out: `assign` opens the assign page (/worklist/edit/<id>); `update` is
 * /cases/worklistupdate after a confirmation; `download` starts the study's download; `chat` goes to the chat;
 * `viewer` and `later` say the screen is not yet available (the viewer and the report are later issues).
 */
export type DetailActionKind = 'assign' | 'update' | 'download' | 'chat' | 'viewer' | 'later';

export function detailActionKind(action: CaseAction): DetailActionKind {
  if (action === 'ASSIGN' || action === 'REASSIGN') return 'assign';
  if (action === 'GO_TO_CASE') return 'viewer';
  if (action === 'DOWNLOAD_STUDY') return 'download';
  if (action === 'CHAT') return 'chat';
  if ((WORKLIST_UPDATE_ACTIONS as readonly string[]).includes(action)) return 'update';
  if (action === 'RECALL_FROM_FUSION') return 'update';
  return 'later';
}

export const isWorklistUpdate = (action: CaseAction): action is WorklistUpdateAction =>
  (WORKLIST_UPDATE_ACTIONS as readonly string[]).includes(action);

/**
 * Which route moves the case: a case with its fusion centre (or the sender's recall of it) is moved by the fusion
 * machine through /fusion/worklistupdate; every other move is /cases/worklistupdate.
 */
export function updateRouteOf(
  c: Pick<Case, 'fusionStatus'>,
  action: CaseAction,
): { route: 'fusion'; action: FusionUpdateAction } | { route: 'case'; action: WorklistUpdateAction } | null {
  const fusionAction = (FUSION_UPDATE_ACTIONS as readonly string[]).includes(action)
    ? (action as FusionUpdateAction)
    : null;
  if (fusionAction && (action === 'RECALL_FROM_FUSION' || isWithFusion(c)))
    return { route: 'fusion', action: fusionAction };
  if (isWorklistUpdate(action)) return { route: 'case', action };
  return null;
}

/** What this user may do to this case now, in CASE_ACTIONS order (what the worklist shows for the same row). */
export function detailActions(actor: CaseActor | null, c: Case): CaseAction[] {
  return actor ? allowedCaseActions(actor, factsOf(c)) : [];
}

/** Actions whose confirmation asks for a reason, and whether it must be given. */
export const REASON_ACTIONS: Partial<Record<CaseAction, 'required' | 'optional'>> = {
  REJECT: 'required',
  RECALL: 'required',
  REJECT_RECALL: 'optional',
  REVERT: 'optional',
  UNASSIGN: 'optional',
  ROLLBACK: 'optional',
  HOLD: 'optional',
};

/** Actions confirmed with a red button (they take work away from someone). */
export const DESTRUCTIVE_ACTIONS: readonly CaseAction[] = ['REJECT', 'RECALL', 'UNASSIGN', 'ROLLBACK', 'REVERT'];

/** DICOM person names (Family^Given) as people read them. */
export function personName(pn: string | null | undefined): string {
  return (pn ?? '').replace(/\^+/g, ' ').replace(/\s+/g, ' ').trim() || '—';
}

/** The age in whole years on a day, from a DICOM DA birth date (YYYYMMDD); null when unknown or not a date. */
export function ageOn(birthDate: string | null | undefined, on: Date = new Date()): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(birthDate ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  let age = on.getUTCFullYear() - y;
  if (on.getUTCMonth() + 1 < mo || (on.getUTCMonth() + 1 === mo && on.getUTCDate() < d)) age -= 1;
  return age >= 0 && age < 150 ? age : null;
}

const SEX: Record<string, string> = { M: 'Male', F: 'Female', O: 'Other' };
export const sexLabel = (sex: string | null | undefined): string | null => (sex ? (SEX[sex] ?? sex) : null);

/** The words of the core's audit actions (the transitions' are `case.<action>`, named by CASE_ACTION_LABELS). */
const CORE_AUDIT_LABELS: Record<string, string> = {
  CASE_CREATE: 'Case created from the imported study',
  CASE_MATCH: 'Study arrived for the registered case',
  CASE_STUDY_UPDATE: 'Study updated (more images arrived)',
  CASE_REGISTER: 'Case registered before the study',
  CASE_EDIT: 'Case details edited',
  PATIENT_DATA_READ: 'Case opened',
  ACCESS_DENIED: 'Access refused',
  EXPORT: 'Exported',
  // the collaboration module's (services/cases/src/modules/collaboration/collaboration-audit.ts)
  CASE_COMMENT_ADD: 'Comment added',
  CASE_RATE: 'Rated',
  CASE_SHARE: 'Shared link created',
  CASE_SHARED_READ: 'Opened through a shared link',
  CASE_DOWNLOAD_INITIATE: 'Study download started',
};

/** An audit action in words: a transition by its action's label, the core's by name, anything else as sent. */
export function auditActionLabel(action: string): string {
  const core = CORE_AUDIT_LABELS[action];
  if (core) return core;
  const m = /^case\.([a-z_]+)$/.exec(action);
  if (m) {
    const code = m[1]!.toUpperCase();
    if (isCaseAction(code)) return CASE_ACTION_LABELS[code];
  }
  const words = action
    .replace(/^case\./, '')
    .replace(/[._]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

/** The facts of an audit entry worth a line: the status it moved from and to, and a reason. */
export function auditSummary(entry: Pick<CaseAuditEntry, 'details'>): string | null {
  const d = entry.details;
  const from = typeof d.from === 'string' ? d.from : null;
  const to = typeof d.to === 'string' ? d.to : null;
  const parts: string[] = [];
  if (from && to && from !== to) parts.push(`${from} → ${to}`);
  else if (to && !from) parts.push(`→ ${to}`);
  if (typeof d.reason === 'string' && d.reason.trim()) parts.push(`Reason: ${d.reason.trim()}`);
  if (Array.isArray(d.changed) && d.changed.length) parts.push(`Changed: ${d.changed.join(', ')}`);
  return parts.length ? parts.join(' · ') : null;
}

/** Who did it, in words: the directory's name, else the login, else the system. */
export function auditActor(entry: Pick<CaseAuditEntry, 'actorName' | 'actorLogin'>): string {
  return entry.actorName ?? entry.actorLogin ?? 'System';
}
