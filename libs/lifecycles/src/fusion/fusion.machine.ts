// The fusion machine (docs/decisions/0116-fusion-machine.md): a case a group sent to a fusion centre it has a
// contract with. Its state is the case's fusionStatus, word for word (FUSION_STATUSES). The fusion side assigns it
// to one of its centres (ASSIGNED) and to a radiologist (PENDING_FOR_ACCEPTANCE when the fusion centre requires
// acceptance, else ACCEPTED), who accepts or rejects (REJECTED → reassign), starts the report (IN_PROGRESS) and
// completes it (COMPLETED: the case is COMPLETED too). The sending group may recall it at any point before
// completion (RECALLED: the case is back home, NEW, and may be sent again).
import { FUSION_STATUSES, type CaseEventType, type FusionStatus } from '@rayworks/contracts';
import { and, assign, setup, type SnapshotFrom } from 'xstate';

export interface FusionContext {
  /** The fusion side's reading radiologist. */
  radiologistId: string | null;
  /** The fusion centre that has the case. */
  fusionCentreId: string | null;
  /** That centre requires its radiologist to accept an assignment. */
  requiresAcceptance: boolean;
  assignedAt: string | null;
  completedAt: string | null;
  rejectReason: string | null;
}

export interface FusionEventInput {
  actorId: string | null;
  now: string;
  /** ASSIGN / REASSIGN to a radiologist (without one, ASSIGN of a NEW case hands it to a fusion centre). */
  radiologistId?: string | null;
  /** ASSIGN of a NEW case to one of the fusion group's centres. */
  fusionCentreId?: string | null;
  reason?: string | null;
}

export type FusionMachineEventType =
  | 'fusion.assign'
  | 'fusion.reassign'
  | 'fusion.unassign'
  | 'fusion.accept'
  | 'fusion.reject'
  | 'fusion.reportStarted'
  | 'fusion.complete'
  | 'fusion.recall';

export type FusionMachineEvent = { type: FusionMachineEventType } & FusionEventInput;

const publish = (eventType: CaseEventType) => ({ type: 'publish' as const, params: { eventType } });
const changed = publish('CaseFusionChanged');

export const fusionMachine = setup({
  types: {
    context: {} as FusionContext,
    events: {} as FusionMachineEvent,
  },
  guards: {
    acceptanceRequired: ({ context }) => context.requiresAcceptance,
    /** The assignment names a radiologist. */
    toRadiologist: ({ event }) => Boolean(event.radiologistId),
  },
  actions: {
    publish: (_, _params: { eventType: CaseEventType }) => {},
    toCentre: assign(({ context, event }) => ({ fusionCentreId: event.fusionCentreId ?? context.fusionCentreId })),
    toReader: assign(({ event }) => ({
      radiologistId: event.radiologistId ?? null,
      assignedAt: event.now,
      rejectReason: null,
    })),
    clearReader: assign({ radiologistId: null, assignedAt: null }),
    keepReason: assign(({ event }) => ({ rejectReason: event.reason ?? null })),
    complete: assign(({ event }) => ({ completedAt: event.now })),
    recalled: assign({ radiologistId: null, fusionCentreId: null, assignedAt: null }),
  },
}).createMachine({
  id: 'fusion',
  context: {
    radiologistId: null,
    fusionCentreId: null,
    requiresAcceptance: true,
    assignedAt: null,
    completedAt: null,
    rejectReason: null,
  },
  initial: 'NEW',
  states: {
    NEW: {
      on: {
        'fusion.assign': [
          {
            guard: and(['toRadiologist', 'acceptanceRequired']),
            target: 'PENDING_FOR_ACCEPTANCE',
            actions: ['toCentre', 'toReader', changed],
          },
          { guard: 'toRadiologist', target: 'ACCEPTED', actions: ['toCentre', 'toReader', changed] },
          { target: 'ASSIGNED', actions: ['toCentre', changed] },
        ],
        'fusion.recall': { target: 'RECALLED', actions: ['recalled', changed] },
      },
    },
    ASSIGNED: {
      on: {
        'fusion.assign': [
          {
            guard: and(['toRadiologist', 'acceptanceRequired']),
            target: 'PENDING_FOR_ACCEPTANCE',
            actions: ['toReader', changed],
          },
          { guard: 'toRadiologist', target: 'ACCEPTED', actions: ['toReader', changed] },
        ],
        'fusion.unassign': { target: 'NEW', actions: ['clearReader', changed] },
        'fusion.recall': { target: 'RECALLED', actions: ['recalled', changed] },
      },
    },
    PENDING_FOR_ACCEPTANCE: {
      on: {
        'fusion.accept': { target: 'ACCEPTED', actions: changed },
        'fusion.reject': { target: 'REJECTED', actions: ['clearReader', 'keepReason', changed] },
        'fusion.unassign': { target: 'ASSIGNED', actions: ['clearReader', changed] },
        'fusion.recall': { target: 'RECALLED', actions: ['recalled', changed] },
      },
    },
    ACCEPTED: {
      on: {
        'fusion.reportStarted': { target: 'IN_PROGRESS', actions: changed },
        'fusion.complete': { target: 'COMPLETED', actions: ['complete', publish('CaseCompleted')] },
        'fusion.unassign': { target: 'ASSIGNED', actions: ['clearReader', changed] },
        'fusion.recall': { target: 'RECALLED', actions: ['recalled', changed] },
      },
    },
    REJECTED: {
      on: {
        'fusion.reassign': [
          {
            guard: and(['toRadiologist', 'acceptanceRequired']),
            target: 'PENDING_FOR_ACCEPTANCE',
            actions: ['toReader', changed],
          },
          { guard: 'toRadiologist', target: 'ACCEPTED', actions: ['toReader', changed] },
        ],
        'fusion.unassign': { target: 'ASSIGNED', actions: ['clearReader', changed] },
        'fusion.recall': { target: 'RECALLED', actions: ['recalled', changed] },
      },
    },
    IN_PROGRESS: {
      on: {
        'fusion.complete': { target: 'COMPLETED', actions: ['complete', publish('CaseCompleted')] },
        'fusion.recall': { target: 'RECALLED', actions: ['recalled', changed] },
      },
    },
    COMPLETED: { type: 'final' },
    RECALLED: { type: 'final' },
  },
});

export type FusionMachine = typeof fusionMachine;
export type FusionSnapshot = SnapshotFrom<FusionMachine>;

export function isFusionStatus(value: string): value is FusionStatus {
  return (FUSION_STATUSES as readonly string[]).includes(value);
}
