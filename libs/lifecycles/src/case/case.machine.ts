// The case machine (docs/decisions/0114-case-machine.md): the case's status is the machine's state, word for word
// (CASE_STATUSES); the flags the worklist keeps beside the status (on hold, recall requested, who reads, who types,
// the workflow type, the fusion status) are its context. Every transition names the event the cases service
// publishes (the `publish` action's eventType); the service never moves a case the machine does not move, and the
// console shows only the actions the machine (and the action table) allows — the same code on both sides.
import {
  CASE_STATUSES,
  type CaseEventType,
  type CaseLegend,
  type CasePriority,
  type CaseStatus,
  type FusionStatus,
  type StudyState,
  type TypistAssignmentMode,
  type WorkflowType,
} from '@rayworks/contracts';
import { and, assign, not, setup, type SnapshotFrom } from 'xstate';

/** A centre's settings that change how its cases move (spec §9). */
export interface CaseWorkflowSettings {
  /** "Radiologist acceptance is optional by setting": assign → PENDING FOR ACCEPTANCE when true, else IN PROGRESS. */
  requiresAcceptance: boolean;
  /** "Typist assignment is automatic or manual by setting": who picks the typist when a case goes to typing. */
  typistAssignment: TypistAssignmentMode;
}

/** The fusion statuses in which a case is with its fusion centre (the fusion table and machine govern it). */
export const ACTIVE_FUSION_STATUSES: readonly FusionStatus[] = [
  'NEW',
  'ASSIGNED',
  'PENDING_FOR_ACCEPTANCE',
  'ACCEPTED',
  'REJECTED',
  'IN_PROGRESS',
];

/** What the lifecycle needs to know of a case (a worklist row carries all of it). */
export interface CaseFacts {
  status: CaseStatus;
  workflowType: WorkflowType;
  fusionStatus: FusionStatus | null;
  onHold: boolean;
  recallRequested: boolean;
  radiologistId: string | null;
  /** The reading radiologist is a JUNIOR RADIOLOGIST: their report always goes to review. */
  radiologistIsJunior?: boolean;
  typistId: string | null;
  imagingState: StudyState | null;
  parentCaseId: string | null;
  /** Series in the study (a case splits only when it has two or more); unknown = not checked here. */
  seriesCount?: number;
  legends?: readonly CaseLegend[];
  priority?: CasePriority;
  rejectReason?: string | null;
  fusionCentreId?: string | null;
  assignedAt?: string | null;
  completedAt?: string | null;
  /** The case's centre's settings. */
  settings: CaseWorkflowSettings;
}

/** The machine's context: a case's facts except its status (which is the state). */
export interface CaseContext {
  workflowType: WorkflowType;
  fusionStatus: FusionStatus | null;
  onHold: boolean;
  recallRequested: boolean;
  radiologistId: string | null;
  radiologistIsJunior: boolean;
  typistId: string | null;
  parentCaseId: string | null;
  seriesCount: number | null;
  legends: CaseLegend[];
  priority: CasePriority;
  rejectReason: string | null;
  fusionCentreId: string | null;
  assignedAt: string | null;
  completedAt: string | null;
  settings: CaseWorkflowSettings;
}

/** The fields a transition may change (the cases service writes exactly these, with the status). */
export type CasePatch = Partial<Omit<CaseContext, 'settings' | 'parentCaseId' | 'seriesCount'>>;

/** What an event carries besides its type: who acts, and what they chose. */
export interface CaseEventInput {
  /** Who acts; null for the system. */
  actorId: string | null;
  /** When (ISO 8601, UTC): stamps assignedAt / completedAt. */
  now: string;
  /** ASSIGN / REASSIGN: the radiologist. */
  radiologistId?: string | null;
  /** ASSIGN / REASSIGN: that radiologist is a junior. */
  radiologistIsJunior?: boolean;
  /** SEND_TO_TYPIST: the typist (automatic: the service's pick; manual: the sender's, or none for the pool). */
  typistId?: string | null;
  /** REJECT (required), RECALL, REVERT, ROLLBACK. */
  reason?: string | null;
  /** SEND_TO_FUSION: the contracted fusion centre. */
  fusionCentreId?: string | null;
}

/** The machine's events: `case.<verb>` (CONVENTIONS), one per action and system event (CASE_MACHINE_EVENTS). */
export type CaseMachineEventType =
  | 'case.assign'
  | 'case.reassign'
  | 'case.unassign'
  | 'case.recall'
  | 'case.rollback'
  | 'case.split'
  | 'case.offerToMarketplace'
  | 'case.withdrawOffer'
  | 'case.sendToFusion'
  | 'case.flagEmergency'
  | 'case.flagMlc'
  | 'case.accept'
  | 'case.reject'
  | 'case.acceptRecall'
  | 'case.rejectRecall'
  | 'case.hold'
  | 'case.unhold'
  | 'case.revert'
  | 'case.sendToTypist'
  | 'case.submitForReview'
  | 'case.complete'
  | 'case.addendum'
  | 'case.transcribe'
  | 'case.studyArrived'
  | 'case.registrationCancelled'
  | 'case.offerTimeout'
  | 'case.fusionCompleted';

export type CaseMachineEvent = { type: CaseMachineEventType } & CaseEventInput;

const publish = (eventType: CaseEventType) => ({ type: 'publish' as const, params: { eventType } });

export const caseMachine = setup({
  types: {
    context: {} as CaseContext,
    events: {} as CaseMachineEvent,
  },
  guards: {
    /** The centre requires the radiologist to accept an assignment. */
    acceptanceRequired: ({ context }) => context.settings.requiresAcceptance,
    /** The centre reads the case itself: Center workflow, not with a fusion centre. */
    atHome: ({ context }) =>
      context.workflowType === 'Center' &&
      (context.fusionStatus === null || !ACTIVE_FUSION_STATUSES.includes(context.fusionStatus)),
    /** The case is with a fusion centre. */
    withFusion: ({ context }) => context.fusionStatus !== null && ACTIVE_FUSION_STATUSES.includes(context.fusionStatus),
    /** Offered to the marketplace and nobody has taken it. */
    openOffer: ({ context }) => context.workflowType === 'Marketplace' && context.radiologistId === null,
    /** A marketplace radiologist took the offer. */
    marketplaceTaken: ({ context }) => context.workflowType === 'Marketplace' && context.radiologistId !== null,
    /** An admin's recall waits for the radiologist's answer. */
    recallPending: ({ context }) => context.recallRequested,
    onHold: ({ context }) => context.onHold,
    /** The reader is a junior radiologist: the report goes to review, never straight to COMPLETED. */
    juniorReader: ({ context }) => context.radiologistIsJunior,
    /** A junior's own report is completed by a reviewer, never by the junior. */
    juniorCompletingOwnReport: ({ context, event }) =>
      context.radiologistIsJunior && event.actorId !== null && event.actorId === context.radiologistId,
    /** Splits only an unsplit case of two or more series. */
    splittable: ({ context }) => context.parentCaseId === null && (context.seriesCount ?? 2) >= 2,
    /** A typist took the case (or the sender named one). */
    typistAtWork: ({ context }) => context.typistId !== null,
    /** Nobody types the case yet: the acting typist takes it. */
    typistFree: ({ context }) => context.typistId === null,
    /** The report was completed by a fusion centre (its addendum or rollback is the fusion centre's). */
    completedByFusion: ({ context }) => context.fusionStatus === 'COMPLETED',
  },
  actions: {
    /** The cases service publishes this event type (on cases.case.v1) for the transition. */
    publish: (_, _params: { eventType: CaseEventType }) => {},
    assignReader: assign(({ event }) => ({
      radiologistId: event.radiologistId ?? null,
      radiologistIsJunior: event.radiologistIsJunior ?? false,
      workflowType: 'Center' as const,
      rejectReason: null,
      onHold: false,
      recallRequested: false,
      assignedAt: event.now,
    })),
    takeOffer: assign(({ event }) => ({
      radiologistId: event.actorId,
      radiologistIsJunior: false,
      assignedAt: event.now,
    })),
    clearReader: assign({
      radiologistId: null,
      radiologistIsJunior: false,
      onHold: false,
      recallRequested: false,
      assignedAt: null,
    }),
    keepReason: assign(({ event }) => ({ rejectReason: event.reason ?? null })),
    clearReason: assign({ rejectReason: null }),
    toCentre: assign({ workflowType: 'Center' as const }),
    toMarketplace: assign({ workflowType: 'Marketplace' as const }),
    requestRecall: assign({ recallRequested: true }),
    dropRecall: assign({ recallRequested: false }),
    hold: assign({ onHold: true }),
    unhold: assign({ onHold: false }),
    toTypist: assign(({ event }) => ({ typistId: event.typistId ?? null })),
    takeTyping: assign(({ event }) => ({ typistId: event.actorId })),
    complete: assign(({ event }) => ({ completedAt: event.now, onHold: false })),
    reopen: assign({ completedAt: null }),
    sendToFusion: assign(({ event }) => ({
      fusionStatus: 'NEW' as const,
      fusionCentreId: event.fusionCentreId ?? null,
    })),
    toggleEmergency: assign(({ context }) => {
      const on = !context.legends.includes('Emergency');
      return {
        legends: on ? [...context.legends, 'Emergency' as const] : context.legends.filter((l) => l !== 'Emergency'),
        priority: on
          ? ('EMERGENT' as const)
          : context.priority === 'EMERGENT'
            ? ('ROUTINE' as const)
            : context.priority,
      };
    }),
    toggleMlc: assign(({ context }) => ({
      legends: context.legends.includes('MLC')
        ? context.legends.filter((l) => l !== 'MLC')
        : [...context.legends, 'MLC' as const],
    })),
  },
}).createMachine({
  id: 'case',
  context: {
    workflowType: 'Center',
    fusionStatus: null,
    onHold: false,
    recallRequested: false,
    radiologistId: null,
    radiologistIsJunior: false,
    typistId: null,
    parentCaseId: null,
    seriesCount: null,
    legends: [],
    priority: 'ROUTINE',
    rejectReason: null,
    fusionCentreId: null,
    assignedAt: null,
    completedAt: null,
    settings: { requiresAcceptance: false, typistAssignment: 'MANUAL' },
  },
  initial: 'PENDING FOR SCAN',
  // Legends may be flagged in any status (who may: the action table).
  on: {
    'case.flagEmergency': { actions: ['toggleEmergency', publish('CaseUpdated')] },
    'case.flagMlc': { actions: ['toggleMlc', publish('CaseUpdated')] },
  },
  states: {
    'PENDING FOR SCAN': {
      on: {
        'case.studyArrived': { target: 'NEW', actions: publish('CaseMatched') },
        // The front desk cancelled the order before its scan: the case leaves the worklist — the cases service
        // removes it on CaseCancelled (spec §4 has no cancelled status; docs/decisions/0262). No other status has it.
        'case.registrationCancelled': { actions: publish('CaseCancelled') },
      },
    },
    NEW: {
      on: {
        'case.assign': [
          {
            guard: and(['atHome', 'acceptanceRequired']),
            target: 'PENDING FOR ACCEPTANCE',
            actions: ['assignReader', publish('CaseAssigned')],
          },
          { guard: 'atHome', target: 'IN PROGRESS', actions: ['assignReader', publish('CaseAssigned')] },
        ],
        'case.accept': { guard: 'openOffer', target: 'IN PROGRESS', actions: ['takeOffer', publish('CaseAccepted')] },
        'case.split': { guard: and(['atHome', 'splittable']), actions: publish('CaseSplit') },
        'case.offerToMarketplace': { guard: 'atHome', actions: ['toMarketplace', publish('CaseOffered')] },
        'case.withdrawOffer': { guard: 'openOffer', actions: ['toCentre', publish('CaseOfferWithdrawn')] },
        'case.sendToFusion': { guard: 'atHome', actions: ['sendToFusion', publish('CaseSentToFusion')] },
        'case.fusionCompleted': {
          guard: 'withFusion',
          target: 'COMPLETED',
          actions: ['complete', publish('CaseCompleted')],
        },
      },
    },
    'PENDING FOR ACCEPTANCE': {
      on: {
        'case.accept': { guard: not('recallPending'), target: 'IN PROGRESS', actions: publish('CaseAccepted') },
        'case.reject': {
          guard: not('recallPending'),
          target: 'REJECTED',
          actions: ['clearReader', 'keepReason', publish('CaseRejected')],
        },
        'case.recall': { guard: not('recallPending'), actions: ['requestRecall', publish('CaseRecallRequested')] },
        'case.acceptRecall': {
          guard: 'recallPending',
          target: 'RECALLED',
          actions: ['clearReader', publish('CaseRecalled')],
        },
        'case.rejectRecall': { guard: 'recallPending', actions: ['dropRecall', publish('CaseRecallRejected')] },
        'case.unassign': {
          guard: not('recallPending'),
          target: 'NEW',
          actions: ['clearReader', publish('CaseUnassigned')],
        },
      },
    },
    'IN PROGRESS': {
      on: {
        'case.hold': { guard: and([not('onHold'), not('recallPending')]), actions: ['hold', publish('CaseHeld')] },
        'case.unhold': { guard: 'onHold', actions: ['unhold', publish('CaseHoldReleased')] },
        // Revert: the reader gives the case back to the centre's NEW queue (a marketplace case leaves the marketplace).
        'case.revert': { target: 'NEW', actions: ['clearReader', 'toCentre', publish('CaseReverted')] },
        // A marketplace radiologist's rejection (or the timeout) returns the case to the marketplace pool.
        'case.reject': {
          guard: 'marketplaceTaken',
          target: 'NEW',
          actions: ['clearReader', 'keepReason', publish('CaseOfferReturned')],
        },
        'case.offerTimeout': {
          guard: 'marketplaceTaken',
          target: 'NEW',
          actions: ['clearReader', publish('CaseOfferReturned')],
        },
        'case.recall': { guard: not('recallPending'), actions: ['requestRecall', publish('CaseRecallRequested')] },
        'case.acceptRecall': {
          guard: 'recallPending',
          target: 'RECALLED',
          actions: ['clearReader', publish('CaseRecalled')],
        },
        'case.rejectRecall': { guard: 'recallPending', actions: ['dropRecall', publish('CaseRecallRejected')] },
        'case.sendToTypist': {
          guard: and([not('onHold'), not('recallPending')]),
          target: 'PENDING AT TYPIST',
          actions: ['toTypist', publish('CaseSentToTypist')],
        },
        'case.submitForReview': {
          guard: and([not('onHold'), not('recallPending')]),
          target: 'PENDING FOR REVIEW',
          actions: publish('CaseSentForReview'),
        },
        'case.complete': {
          guard: and([not('onHold'), not('recallPending'), not('juniorReader')]),
          target: 'COMPLETED',
          actions: ['complete', publish('CaseCompleted')],
        },
      },
    },
    'PENDING AT TYPIST': {
      on: {
        // A typist takes an untaken case to type it (a taken one: 'A Transcriptionist is already working on the case').
        'case.transcribe': { guard: 'typistFree', actions: ['takeTyping', publish('CaseTranscriptionStarted')] },
        'case.submitForReview': {
          guard: 'typistAtWork',
          target: 'PENDING FOR REVIEW',
          actions: publish('CaseSentForReview'),
        },
      },
    },
    'PENDING FOR REVIEW': {
      on: {
        'case.complete': {
          guard: not('juniorCompletingOwnReport'),
          target: 'COMPLETED',
          actions: ['complete', publish('CaseCompleted')],
        },
      },
    },
    COMPLETED: {
      on: {
        'case.addendum': { actions: publish('CaseAddendumStarted') },
        'case.rollback': {
          guard: not('completedByFusion'),
          target: 'IN PROGRESS',
          actions: ['reopen', publish('CaseRolledBack')],
        },
      },
    },
    REJECTED: {
      on: {
        'case.reassign': [
          {
            guard: 'acceptanceRequired',
            target: 'PENDING FOR ACCEPTANCE',
            actions: ['assignReader', publish('CaseAssigned')],
          },
          { target: 'IN PROGRESS', actions: ['assignReader', publish('CaseAssigned')] },
        ],
        'case.unassign': { target: 'NEW', actions: ['clearReader', 'clearReason', publish('CaseUnassigned')] },
      },
    },
    RECALLED: {
      on: {
        'case.reassign': [
          {
            guard: 'acceptanceRequired',
            target: 'PENDING FOR ACCEPTANCE',
            actions: ['assignReader', publish('CaseAssigned')],
          },
          { target: 'IN PROGRESS', actions: ['assignReader', publish('CaseAssigned')] },
        ],
        'case.unassign': { target: 'NEW', actions: ['clearReader', 'clearReason', publish('CaseUnassigned')] },
      },
    },
  },
});

export type CaseMachine = typeof caseMachine;
export type CaseSnapshot = SnapshotFrom<CaseMachine>;

/** The machine's context from a case's facts. */
export function caseContextOf(facts: CaseFacts): CaseContext {
  return {
    workflowType: facts.workflowType,
    fusionStatus: facts.fusionStatus,
    onHold: facts.onHold,
    recallRequested: facts.recallRequested,
    radiologistId: facts.radiologistId,
    radiologistIsJunior: facts.radiologistIsJunior ?? false,
    typistId: facts.typistId,
    parentCaseId: facts.parentCaseId,
    seriesCount: facts.seriesCount ?? null,
    legends: [...(facts.legends ?? [])],
    priority: facts.priority ?? 'ROUTINE',
    rejectReason: facts.rejectReason ?? null,
    fusionCentreId: facts.fusionCentreId ?? null,
    assignedAt: facts.assignedAt ?? null,
    completedAt: facts.completedAt ?? null,
    settings: { ...facts.settings },
  };
}

/** A snapshot of the machine standing where the case stands. */
export function caseSnapshotOf(facts: CaseFacts): CaseSnapshot {
  return caseMachine.resolveState({ value: facts.status, context: caseContextOf(facts) });
}

export function isCaseStatus(value: string): value is CaseStatus {
  return (CASE_STATUSES as readonly string[]).includes(value);
}
