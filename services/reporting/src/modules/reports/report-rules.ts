import {
  CASE_MESSAGES,
  REPORT_LOCK_SECONDS,
  REPORT_MESSAGES,
  ROLE_CODES,
  normalizeRoleCode,
  type Case,
  type CaseAction,
  type ReportStatus,
} from '@rayworks/contracts';
import { authorizeCaseAction, type CaseLifecycleFacts } from '@rayworks/lifecycles';
import type { RequestAccess } from '@rayworks/nest-kit';

/**
 * Who may do what to a case's report (docs/decisions/0173-report-model-and-workflow.md): pure functions of the case's
 * facts (as cases' /cases/findOne answers them), the report's status and the caller, asking the shared lifecycle
 * (`authorizeCaseAction`, the action table and the case machine) wherever a step moves the case — the same answer
 * cases gives when the report's event arrives there.
 */
export interface ReportActor {
  userId: string;
  roleCodes: readonly string[];
}

/** The caller as the rules see it: its user and roles. */
export const actorOf = (access: RequestAccess): ReportActor => ({
  userId: access.principal.userId,
  roleCodes: access.principal.roleCodes,
});

/** A refusal: 403 (not the caller's to do at all) or 409 (not now, with the reason). */
export interface ReportRefusal {
  ok: false;
  code: 403 | 409;
  message: string;
}
export type ReportDecision = { ok: true } | ReportRefusal;

const ok: ReportDecision = { ok: true };
const refuse = (code: 403 | 409, message: string): ReportRefusal => ({ ok: false, code, message });

const hasRole = (actor: ReportActor, role: string) => actor.roleCodes.some((r) => normalizeRoleCode(r) === role);

/**
 * The case's facts as the lifecycle reads them, from the case as the API shows it. The reader is a junior when the
 * caller is the reader and holds the junior role; a case PENDING FOR REVIEW read by someone else is a junior's (a
 * report goes to another radiologist's review only from a junior).
 */
export function lifecycleFactsOf(c: Case, actor: ReportActor): CaseLifecycleFacts {
  const isReader = c.radiologistId !== null && c.radiologistId === actor.userId;
  const junior = isReader
    ? hasRole(actor, ROLE_CODES.JUNIOR_RADIOLOGIST)
    : c.status === 'PENDING FOR REVIEW' && c.radiologistId !== null;
  return {
    status: c.status,
    workflowType: c.workflowType,
    fusionStatus: c.fusionStatus,
    onHold: c.onHold,
    recallRequested: c.recallRequested,
    radiologistId: c.radiologistId,
    radiologistIsJunior: junior,
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

const lifecycle = (c: Case, actor: ReportActor, action: CaseAction): ReportDecision => {
  const decision = authorizeCaseAction(
    { userId: actor.userId, roleCodes: actor.roleCodes },
    lifecycleFactsOf(c, actor),
    action,
  );
  if (decision.ok) return ok;
  return refuse(decision.code === 403 ? 403 : 409, decision.message);
};

/**
 * Who may write the report's text (take the lock, save): the reading radiologist of a case IN PROGRESS; the typist of
 * a case PENDING AT TYPIST (the one who holds it, or any typist of a case nobody types yet: locking takes it); a
 * reviewer (or the reader) of a case PENDING FOR REVIEW. A final report is changed only by an addendum.
 */
export function mayWrite(c: Case, reportStatus: ReportStatus, actor: ReportActor): ReportDecision {
  if (reportStatus === 'FINAL' || c.status === 'COMPLETED') return refuse(409, REPORT_MESSAGES.finalized);
  const isReader = c.radiologistId !== null && c.radiologistId === actor.userId;
  switch (c.status) {
    case 'IN PROGRESS':
      if (isReader) return ok;
      break;
    case 'PENDING AT TYPIST':
      if (c.typistId !== null && c.typistId === actor.userId) return ok;
      if (c.typistId === null) {
        const take = lifecycle(c, actor, 'TRANSCRIBE');
        if (take.ok) return ok;
        break;
      }
      // the reader (or another typist) opening a case a transcriptionist has: the specification's words
      return refuse(409, CASE_MESSAGES.transcriptionistWorking);
    case 'PENDING FOR REVIEW':
      if (isReader && !hasRole(actor, ROLE_CODES.JUNIOR_RADIOLOGIST)) return ok;
      if (lifecycle(c, actor, 'COMPLETE').ok) return ok;
      break;
    default:
      break;
  }
  return refuse(409, REPORT_MESSAGES.notYours(c.status));
}

/** A typist locking a case PENDING AT TYPIST that nobody types: they take it (ReportTranscriptionStarted). */
export function takesTranscription(c: Case, actor: ReportActor): boolean {
  return c.status === 'PENDING AT TYPIST' && c.typistId === null && lifecycle(c, actor, 'TRANSCRIBE').ok;
}

/** Send to the typist: the machine's case.sendToTypist (the reader of a case IN PROGRESS). */
export function maySendToTypist(c: Case, reportStatus: ReportStatus, actor: ReportActor): ReportDecision {
  if (reportStatus === 'FINAL') return refuse(409, REPORT_MESSAGES.finalized);
  return lifecycle(c, actor, 'SEND_TO_TYPIST');
}

/** Submit for review: the machine's case.submitForReview (the reader IN PROGRESS, the typist PENDING AT TYPIST). */
export function maySubmitForReview(c: Case, reportStatus: ReportStatus, actor: ReportActor): ReportDecision {
  if (reportStatus === 'FINAL') return refuse(409, REPORT_MESSAGES.finalized);
  if (c.status === 'PENDING AT TYPIST' && c.typistId === null && takesTranscription(c, actor)) return ok;
  return lifecycle(c, actor, 'SUBMIT_FOR_REVIEW');
}

/**
 * What finalize does: 'complete' (the machine's case.complete: FINAL, ReportFinalized), 'review' (a junior reader's
 * report IN PROGRESS goes to review instead), or the refusal.
 */
export function finalizeOutcome(
  c: Case,
  reportStatus: ReportStatus,
  actor: ReportActor,
): { ok: true; outcome: 'complete' | 'review' } | ReportRefusal {
  if (reportStatus === 'FINAL') return refuse(409, REPORT_MESSAGES.finalized);
  const facts = lifecycleFactsOf(c, actor);
  const isReader = c.radiologistId !== null && c.radiologistId === actor.userId;
  if (c.status === 'IN PROGRESS' && isReader && facts.radiologistIsJunior) {
    const review = lifecycle(c, actor, 'SUBMIT_FOR_REVIEW');
    return review.ok ? { ok: true, outcome: 'review' } : review;
  }
  const complete = lifecycle(c, actor, 'COMPLETE');
  return complete.ok ? { ok: true, outcome: 'complete' } : complete;
}

/** An addendum: the machine's case.addendum on a COMPLETED case whose report is FINAL. */
export function mayAddendum(c: Case, reportStatus: ReportStatus, actor: ReportActor): ReportDecision {
  if (reportStatus !== 'FINAL') return refuse(409, REPORT_MESSAGES.notFinal);
  return lifecycle(c, actor, 'ADDENDUM');
}

/** The lock as it stands at `now`: held by someone (not lapsed) or free. */
export interface LockState {
  userId: string | null;
  expiresAt: Date | null;
}

export function lockHolder(lock: LockState, now: Date): string | null {
  return lock.userId !== null && lock.expiresAt !== null && lock.expiresAt.getTime() > now.getTime()
    ? lock.userId
    : null;
}

/** Taking or renewing the lock: free, lapsed, or the caller's own → the caller's until now + 2 minutes. */
export function takeLock(
  lock: LockState,
  userId: string,
  now: Date,
): { ok: true; expiresAt: Date; renewed: boolean } | ReportRefusal {
  const holder = lockHolder(lock, now);
  if (holder !== null && holder !== userId) return refuse(409, CASE_MESSAGES.transcriptionistWorking);
  return { ok: true, expiresAt: new Date(now.getTime() + REPORT_LOCK_SECONDS * 1000), renewed: holder === userId };
}

/** A save: needs the caller's live lock, and the version the editor holds must be the current one. */
export function checkSave(
  lock: LockState,
  current: { version: number },
  userId: string,
  baseVersion: number,
  now: Date,
): ReportDecision {
  const holder = lockHolder(lock, now);
  if (holder !== null && holder !== userId) return refuse(409, CASE_MESSAGES.transcriptionistWorking);
  if (holder !== userId) return refuse(409, REPORT_MESSAGES.notLocked);
  if (baseVersion !== current.version) return refuse(409, REPORT_MESSAGES.versionConflict);
  return ok;
}
