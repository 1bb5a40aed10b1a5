// The one pair of functions the cases service and the console both call (docs/decisions/0114, 0115):
// `allowedCaseActions` — what this user may do to this case now (the action table ∩ the machines ∩ who the case is
// assigned to ∩ the user's worklist privileges) — and `nextCase` — where an action takes the case (status, the fields
// it changes, the event to publish) or why it may not. `authorizeCaseAction` answers one action with the status code
// the service returns: 403 for a missing privilege or a case that is not the user's to act on, 409 for an action the
// table or the machine refuses in the case's state, 400 for a missing reason or choice.
import {
  AUTH_MESSAGES,
  CASE_ACTION_LABELS,
  CASE_ACTION_PRIVILEGES,
  CASE_ACTIONS,
  CASE_ACTIONS_NEEDING_REASON,
  CASE_MESSAGES,
  CASE_VIEW_ACTIONS,
  normalizeRoleCode,
  ROLE_CODES,
  type CaseAction,
  type CaseEventType,
  type CaseStatus,
  type CaseSystemEvent,
  type FusionStatus,
  type RoleCode,
} from '@rayworks/contracts';
import { transition } from 'xstate';
import { fusionMachine, type FusionContext, type FusionMachineEventType } from '../fusion/fusion.machine.js';
import { CASE_ROLE_RELATIONS, caseTableActions, fusionTableActions, roleEverMay } from './action-table.js';
import {
  ACTIVE_FUSION_STATUSES,
  caseMachine,
  caseSnapshotOf,
  type CaseContext,
  type CaseFacts,
  type CaseMachineEventType,
  type CasePatch,
  type CaseWorkflowSettings,
} from './case.machine.js';

/** Who acts: the user, their role codes (long or short forms), and — when known — their WORKLIST privilege codes. */
export interface CaseActor {
  userId: string;
  roleCodes: readonly string[];
  /**
   * The user's privilege codes of module PACS, type WORKLIST (from the access token or the permission configuration).
   * When given, an action whose privilege (CASE_ACTION_PRIVILEGES) is missing is refused with 403; when omitted, the
   * privilege is not checked here (the caller checked it).
   */
  privileges?: readonly string[];
}

/** A case's facts as the lifecycle reads them, with the fusion centre's settings when it has one. */
export interface CaseLifecycleFacts extends CaseFacts {
  /** The fusion centre's settings (its acceptance rule); without them a fusion assignment waits for acceptance. */
  fusionSettings?: Pick<CaseWorkflowSettings, 'requiresAcceptance'>;
}

export interface CaseRefusal {
  ok: false;
  code: 400 | 403 | 409;
  message: string;
}
export type CaseDecision = { ok: true } | CaseRefusal;

/** Where an action takes a case. `eventType` null: nothing changed, nothing to publish. */
export type CaseMove =
  | {
      ok: true;
      status: CaseStatus;
      fusionStatus: FusionStatus | null;
      /** The fields that change (besides status and fusionStatus), exactly. */
      patch: CasePatch;
      eventType: CaseEventType | null;
    }
  | CaseRefusal;

export interface NextCaseInput {
  actorId?: string | null;
  /** When it happens (stamps assignedAt / completedAt); now by default. */
  now?: string | Date;
  radiologistId?: string | null;
  radiologistIsJunior?: boolean;
  typistId?: string | null;
  reason?: string | null;
  fusionCentreId?: string | null;
}

const CASE_EVENT_OF: Partial<Record<CaseAction | CaseSystemEvent, CaseMachineEventType>> = {
  ASSIGN: 'case.assign',
  REASSIGN: 'case.reassign',
  UNASSIGN: 'case.unassign',
  RECALL: 'case.recall',
  ROLLBACK: 'case.rollback',
  SPLIT: 'case.split',
  OFFER_TO_MARKETPLACE: 'case.offerToMarketplace',
  WITHDRAW_OFFER: 'case.withdrawOffer',
  SEND_TO_FUSION: 'case.sendToFusion',
  FLAG_EMERGENCY: 'case.flagEmergency',
  FLAG_MLC: 'case.flagMlc',
  ACCEPT: 'case.accept',
  REJECT: 'case.reject',
  ACCEPT_RECALL: 'case.acceptRecall',
  REJECT_RECALL: 'case.rejectRecall',
  HOLD: 'case.hold',
  UNHOLD: 'case.unhold',
  REVERT: 'case.revert',
  SEND_TO_TYPIST: 'case.sendToTypist',
  SUBMIT_FOR_REVIEW: 'case.submitForReview',
  COMPLETE: 'case.complete',
  ADDENDUM: 'case.addendum',
  TRANSCRIBE: 'case.transcribe',
  STUDY_ARRIVED: 'case.studyArrived',
  REGISTRATION_CANCELLED: 'case.registrationCancelled',
  OFFER_TIMEOUT: 'case.offerTimeout',
};

/** The actions that, on a case with its fusion centre, move the fusion machine instead of the case machine. */
const FUSION_EVENT_OF: Partial<Record<CaseAction | CaseSystemEvent, FusionMachineEventType>> = {
  ASSIGN: 'fusion.assign',
  REASSIGN: 'fusion.reassign',
  UNASSIGN: 'fusion.unassign',
  ACCEPT: 'fusion.accept',
  REJECT: 'fusion.reject',
  COMPLETE: 'fusion.complete',
  RECALL_FROM_FUSION: 'fusion.recall',
  REPORT_STARTED: 'fusion.reportStarted',
};

/** The machine event of an action on a case read at home (for the diagrams and tests). */
export function caseMachineEventOf(action: CaseAction | CaseSystemEvent): CaseMachineEventType | undefined {
  return CASE_EVENT_OF[action];
}
/** The fusion machine event of an action on a case with its fusion centre. */
export function fusionMachineEventOf(action: CaseAction | CaseSystemEvent): FusionMachineEventType | undefined {
  return FUSION_EVENT_OF[action];
}

/** The case is with its fusion centre: the fusion machine moves it. */
export function isWithFusion(facts: Pick<CaseFacts, 'fusionStatus'>): boolean {
  return facts.fusionStatus !== null && ACTIVE_FUSION_STATUSES.includes(facts.fusionStatus);
}
/** The fusion table says who may act: sent to a fusion centre and not recalled (COMPLETED included). */
function usesFusionTable(facts: Pick<CaseFacts, 'fusionStatus'>): facts is { fusionStatus: FusionStatus } {
  return facts.fusionStatus !== null && facts.fusionStatus !== 'RECALLED';
}

const isView = (action: CaseAction | CaseSystemEvent) => (CASE_VIEW_ACTIONS as readonly string[]).includes(action);
const nowOf = (now: NextCaseInput['now']) =>
  now === undefined ? new Date().toISOString() : typeof now === 'string' ? now : now.toISOString();
const refuse = (code: CaseRefusal['code'], message: string): CaseRefusal => ({ ok: false, code, message });
const notAllowed = (action: CaseAction | CaseSystemEvent, where: string) =>
  refuse(409, CASE_MESSAGES.actionNotAllowed(CASE_ACTION_LABELS[action as CaseAction] ?? action, where));

function fusionContextOf(facts: CaseLifecycleFacts): FusionContext {
  return {
    radiologistId: facts.radiologistId,
    fusionCentreId: facts.fusionCentreId ?? null,
    requiresAcceptance: facts.fusionSettings?.requiresAcceptance ?? true,
    assignedAt: facts.assignedAt ?? null,
    completedAt: facts.completedAt ?? null,
    rejectReason: facts.rejectReason ?? null,
  };
}

const PATCH_KEYS = [
  'workflowType',
  'onHold',
  'recallRequested',
  'radiologistId',
  'radiologistIsJunior',
  'typistId',
  'legends',
  'priority',
  'rejectReason',
  'fusionCentreId',
  'assignedAt',
  'completedAt',
] as const satisfies readonly (keyof CasePatch)[];

function diff(before: Partial<CaseContext>, after: Partial<CaseContext>): CasePatch {
  const patch: Record<string, unknown> = {};
  for (const key of PATCH_KEYS) {
    if (!(key in after)) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch as CasePatch;
}

const publishedBy = (actions: readonly { type: string; params?: unknown }[]): CaseEventType | null => {
  const publish = actions.find((a) => a.type === 'publish');
  return publish ? (publish.params as { eventType: CaseEventType }).eventType : null;
};

/** The machines standing where the case stands, resolved once per question (resolving is the costly part). */
function machinesOf(facts: CaseLifecycleFacts) {
  let home: ReturnType<typeof caseSnapshotOf> | undefined;
  let fusion: ReturnType<typeof fusionMachine.resolveState> | undefined;
  return {
    home: () => (home ??= caseSnapshotOf(facts)),
    fusion: () =>
      (fusion ??= fusionMachine.resolveState({ value: facts.fusionStatus!, context: fusionContextOf(facts) })),
  };
}

/** Whether the machines let the case move by this action now (view actions always may: they move nothing). */
function machineAllows(
  facts: CaseLifecycleFacts,
  action: CaseAction | CaseSystemEvent,
  actorId: string | null,
  machines = machinesOf(facts),
) {
  if (isView(action)) return true;
  // The placeholder stands for "some radiologist": whether the case may be assigned at all.
  const probe = { actorId, now: '', radiologistId: 'radiologist' };
  if (isWithFusion(facts) && FUSION_EVENT_OF[action])
    return machines.fusion().can({ type: FUSION_EVENT_OF[action], ...probe });
  const type = CASE_EVENT_OF[action];
  if (!type || (action === 'RECALL_FROM_FUSION' && !isWithFusion(facts))) return false;
  return machines.home().can({ type, ...probe });
}

/** Whether this role's user stands to the case as the action needs (CASE_ROLE_RELATIONS). */
function relates(role: RoleCode, action: CaseAction, actor: CaseActor, facts: CaseLifecycleFacts): boolean {
  const relation = CASE_ROLE_RELATIONS[role];
  if (relation === 'any') return true;
  if (relation === 'reader') {
    if (facts.radiologistId !== null && facts.radiologistId === actor.userId) return true;
    // A marketplace radiologist takes (or looks at) an open offer.
    if (
      role === ROLE_CODES.MARKETPLACE_RADIOLOGIST &&
      facts.status === 'NEW' &&
      facts.workflowType === 'Marketplace' &&
      facts.radiologistId === null
    )
      return true;
    // A centre radiologist reviews a junior's report.
    return (
      role === ROLE_CODES.CENTER_RADIOLOGIST &&
      facts.status === 'PENDING FOR REVIEW' &&
      facts.radiologistIsJunior === true &&
      facts.radiologistId !== actor.userId &&
      !usesFusionTable(facts) &&
      (action === 'COMPLETE' || action === 'GO_TO_CASE' || action === 'CHAT')
    );
  }
  if (relation === 'typist') {
    if (facts.typistId !== null && facts.typistId === actor.userId) return true;
    return facts.typistId === null && (action === 'TRANSCRIBE' || action === 'GO_TO_CASE');
  }
  return false;
}

function tableActionsOf(role: RoleCode, facts: CaseLifecycleFacts): readonly CaseAction[] {
  return usesFusionTable(facts)
    ? fusionTableActions(role, facts.fusionStatus)
    : caseTableActions(role, facts.status, facts.workflowType);
}

const rolesOf = (actor: CaseActor): RoleCode[] => [
  ...new Set(actor.roleCodes.map(normalizeRoleCode).filter((r): r is RoleCode => r !== undefined)),
];

/**
 * Whether this user may take this action on this case now, with the answer the cases service gives: 403 (no
 * privilege; no role of theirs ever does it; or the case is not theirs to act on), 409 (not in this status / workflow
 * / fusion status, or the machine refuses: on hold, a recall pending, already typed by another typist …).
 */
export function authorizeCaseAction(actor: CaseActor, facts: CaseLifecycleFacts, action: CaseAction): CaseDecision {
  return authorize(actor, rolesOf(actor), facts, action, machinesOf(facts));
}

function authorize(
  actor: CaseActor,
  roles: readonly RoleCode[],
  facts: CaseLifecycleFacts,
  action: CaseAction,
  machines: ReturnType<typeof machinesOf>,
): CaseDecision {
  const privilege = CASE_ACTION_PRIVILEGES[action];
  if (actor.privileges && !actor.privileges.some((p) => p.toUpperCase() === privilege))
    return refuse(403, AUTH_MESSAGES.forbidden);
  if (!roles.some((role) => roleEverMay(role, action))) return refuse(403, AUTH_MESSAGES.forbidden);
  const inTable = roles.filter((role) => tableActionsOf(role, facts).includes(action));
  const where = usesFusionTable(facts) ? facts.fusionStatus : facts.status;
  if (inTable.length === 0) return notAllowed(action, where);
  if (!inTable.some((role) => relates(role, action, actor, facts))) {
    // A typist's case another typist already types: the specification's words.
    if (action === 'TRANSCRIBE' && facts.typistId !== null) return refuse(409, CASE_MESSAGES.transcriptionistWorking);
    return refuse(403, AUTH_MESSAGES.forbidden);
  }
  if (!machineAllows(facts, action, actor.userId, machines)) return notAllowed(action, where);
  return { ok: true };
}

/** Every action this user may take on this case now, in CASE_ACTIONS order: what the console shows. */
export function allowedCaseActions(actor: CaseActor, facts: CaseLifecycleFacts): CaseAction[] {
  const roles = rolesOf(actor);
  const candidates = new Set(roles.flatMap((role) => tableActionsOf(role, facts)));
  const machines = machinesOf(facts);
  return CASE_ACTIONS.filter((action) => candidates.has(action) && authorize(actor, roles, facts, action, machines).ok);
}

/**
 * Where an action (or a system event) takes the case: its new status and fusion status, the fields that change and
 * the event type to publish; or why not (400: a reason or a choice is missing; 409: the machine refuses). Who may
 * is `authorizeCaseAction`'s question; the service asks both, in one unit of work with the case's version.
 */
export function nextCase(
  facts: CaseLifecycleFacts,
  action: CaseAction | CaseSystemEvent,
  input: NextCaseInput = {},
): CaseMove {
  const unchanged: CaseMove = {
    ok: true,
    status: facts.status,
    fusionStatus: facts.fusionStatus,
    patch: {},
    eventType: null,
  };
  if (isView(action)) return unchanged;
  const withFusion = isWithFusion(facts) && FUSION_EVENT_OF[action] !== undefined;
  if (action === 'REPORT_STARTED' && !withFusion) return unchanged;
  if ((CASE_ACTIONS_NEEDING_REASON as readonly string[]).includes(action) && !input.reason?.trim())
    return refuse(400, CASE_MESSAGES.reasonRequired);
  const needsReader = action === 'REASSIGN' || (action === 'ASSIGN' && !(withFusion && facts.fusionStatus === 'NEW'));
  if (needsReader && !input.radiologistId) return refuse(400, CASE_MESSAGES.radiologistRequired);
  if (
    withFusion &&
    action === 'ASSIGN' &&
    facts.fusionStatus === 'NEW' &&
    !input.radiologistId &&
    !input.fusionCentreId
  )
    return refuse(400, CASE_MESSAGES.fusionCentreRequired);
  if (action === 'SEND_TO_FUSION' && !input.fusionCentreId) return refuse(400, CASE_MESSAGES.fusionCentreRequired);
  if (action === 'TRANSCRIBE' && facts.status === 'PENDING AT TYPIST' && facts.typistId !== null)
    return refuse(409, CASE_MESSAGES.transcriptionistWorking);

  const event = {
    actorId: input.actorId ?? null,
    now: nowOf(input.now),
    radiologistId: input.radiologistId ?? null,
    radiologistIsJunior: input.radiologistIsJunior ?? false,
    typistId: input.typistId ?? null,
    reason: input.reason?.trim() || null,
    fusionCentreId: input.fusionCentreId ?? null,
  };

  if (withFusion) {
    const snapshot = fusionMachine.resolveState({ value: facts.fusionStatus!, context: fusionContextOf(facts) });
    const fusionEvent = { type: FUSION_EVENT_OF[action]!, ...event };
    if (!snapshot.can(fusionEvent)) return notAllowed(action, facts.fusionStatus!);
    const [next, actions] = transition(fusionMachine, snapshot, fusionEvent);
    const fusionStatus = next.value as FusionStatus;
    const patch = diff(fusionContextOf(facts), next.context);
    let status = facts.status;
    if (fusionStatus === 'COMPLETED') {
      // The fusion centre completed the report: the case is COMPLETED.
      const home = caseSnapshotOf({ ...facts, fusionStatus: facts.fusionStatus });
      const [done] = transition(caseMachine, home, { type: 'case.fusionCompleted', ...event });
      status = done.value as CaseStatus;
      Object.assign(patch, diff(home.context, done.context));
    }
    return { ok: true, status, fusionStatus, patch, eventType: publishedBy(actions) };
  }

  const type = CASE_EVENT_OF[action];
  if (!type) return notAllowed(action, facts.status);
  const snapshot = caseSnapshotOf(facts);
  const caseEvent = { type, ...event };
  if (!snapshot.can(caseEvent)) return notAllowed(action, facts.status);
  const [next, actions] = transition(caseMachine, snapshot, caseEvent);
  return {
    ok: true,
    status: next.value as CaseStatus,
    fusionStatus: next.context.fusionStatus,
    patch: diff(snapshot.context, next.context),
    eventType: publishedBy(actions),
  };
}
