import {
  CASE_ACTION_LABELS,
  isCaseAction,
  type Case,
  type CaseAction,
  type CaseAuditEntry,
  type PermissionConfig,
} from '@rayworks/contracts';
import { allowedCaseActions, type CaseActor } from '@rayworks/lifecycles';
import {
  actionKind,
  factsOf,
  personName,
  worklistPrivilegesOf,
  type ActionKind,
} from '../../../shared/cases/worklist-actions';

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
  return { userId: profile._id, roleCodes: profile.roleCodes, privileges: worklistPrivilegesOf(config) };
}

/**
 * How the page carries an action out: the worklist's answer (`actionKind`, from caseActionRoute of libs/lifecycles:
 * the assign page, or a confirmed move by its route), and the page's own two: `download` starts the study's download,
 * `chat` goes to the chat.
 */
export type DetailActionKind = ActionKind | 'download' | 'chat';

export function detailActionKind(c: Pick<Case, 'fusionStatus' | 'workflowType'>, action: CaseAction): DetailActionKind {
  if (action === 'DOWNLOAD_STUDY') return 'download';
  if (action === 'CHAT') return 'chat';
  return actionKind(c, action);
}

/** What this user may do to this case now, in CASE_ACTIONS order (what the worklist shows for the same row). */
export function detailActions(actor: CaseActor | null, c: Case): CaseAction[] {
  return actor ? allowedCaseActions(actor, factsOf(c)) : [];
}

export { personName };

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
  // the viewer module's (services/cases/src/modules/viewer/viewer.service.ts)
  CASE_VIEWER_OPEN: 'Opened in the viewer',
  VIEWER_ANNOTATION_SAVE: 'Measurement saved',
  VIEWER_ANNOTATION_DELETE: 'Measurement deleted',
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
