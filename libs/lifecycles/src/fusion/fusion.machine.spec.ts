import { describe, expect, it } from '@jest/globals';
import { FUSION_STATUSES, type CaseEventType, type FusionStatus } from '@rayworks/contracts';
import { transition } from 'xstate';
import {
  fusionMachine,
  type FusionContext,
  type FusionMachineEvent,
  type FusionMachineEventType,
} from './fusion.machine.js';

const NOW = '2025-03-09T06:30:00.000Z';
const EVENTS: FusionMachineEventType[] = [
  'fusion.assign',
  'fusion.reassign',
  'fusion.unassign',
  'fusion.accept',
  'fusion.reject',
  'fusion.reportStarted',
  'fusion.complete',
  'fusion.recall',
];

/** The variants an event is sent with: to a radiologist, or (assign only) to a fusion centre. */
const VARIANTS = {
  radiologist: { radiologistId: 'frad' },
  centre: { fusionCentreId: 'fc2' },
} as const;
type Variant = keyof typeof VARIANTS;

/** Every allowed move, written out by hand: state → event (variant) → [target, with acceptance / without]. */
const ALLOWED: Record<
  FusionStatus,
  Partial<Record<`${FusionMachineEventType}:${Variant}`, [FusionStatus, FusionStatus]>>
> = {
  NEW: {
    'fusion.assign:radiologist': ['PENDING_FOR_ACCEPTANCE', 'ACCEPTED'],
    'fusion.assign:centre': ['ASSIGNED', 'ASSIGNED'],
    'fusion.recall:radiologist': ['RECALLED', 'RECALLED'],
    'fusion.recall:centre': ['RECALLED', 'RECALLED'],
  },
  ASSIGNED: {
    'fusion.assign:radiologist': ['PENDING_FOR_ACCEPTANCE', 'ACCEPTED'],
    'fusion.unassign:radiologist': ['NEW', 'NEW'],
    'fusion.unassign:centre': ['NEW', 'NEW'],
    'fusion.recall:radiologist': ['RECALLED', 'RECALLED'],
    'fusion.recall:centre': ['RECALLED', 'RECALLED'],
  },
  PENDING_FOR_ACCEPTANCE: {
    'fusion.accept:radiologist': ['ACCEPTED', 'ACCEPTED'],
    'fusion.accept:centre': ['ACCEPTED', 'ACCEPTED'],
    'fusion.reject:radiologist': ['REJECTED', 'REJECTED'],
    'fusion.reject:centre': ['REJECTED', 'REJECTED'],
    'fusion.unassign:radiologist': ['ASSIGNED', 'ASSIGNED'],
    'fusion.unassign:centre': ['ASSIGNED', 'ASSIGNED'],
    'fusion.recall:radiologist': ['RECALLED', 'RECALLED'],
    'fusion.recall:centre': ['RECALLED', 'RECALLED'],
  },
  ACCEPTED: {
    'fusion.reportStarted:radiologist': ['IN_PROGRESS', 'IN_PROGRESS'],
    'fusion.reportStarted:centre': ['IN_PROGRESS', 'IN_PROGRESS'],
    'fusion.complete:radiologist': ['COMPLETED', 'COMPLETED'],
    'fusion.complete:centre': ['COMPLETED', 'COMPLETED'],
    'fusion.unassign:radiologist': ['ASSIGNED', 'ASSIGNED'],
    'fusion.unassign:centre': ['ASSIGNED', 'ASSIGNED'],
    'fusion.recall:radiologist': ['RECALLED', 'RECALLED'],
    'fusion.recall:centre': ['RECALLED', 'RECALLED'],
  },
  REJECTED: {
    'fusion.reassign:radiologist': ['PENDING_FOR_ACCEPTANCE', 'ACCEPTED'],
    'fusion.unassign:radiologist': ['ASSIGNED', 'ASSIGNED'],
    'fusion.unassign:centre': ['ASSIGNED', 'ASSIGNED'],
    'fusion.recall:radiologist': ['RECALLED', 'RECALLED'],
    'fusion.recall:centre': ['RECALLED', 'RECALLED'],
  },
  IN_PROGRESS: {
    'fusion.complete:radiologist': ['COMPLETED', 'COMPLETED'],
    'fusion.complete:centre': ['COMPLETED', 'COMPLETED'],
    'fusion.recall:radiologist': ['RECALLED', 'RECALLED'],
    'fusion.recall:centre': ['RECALLED', 'RECALLED'],
  },
  COMPLETED: {},
  RECALLED: {},
};

const context = (requiresAcceptance: boolean): FusionContext => ({
  radiologistId: 'old',
  fusionCentreId: 'fc',
  requiresAcceptance,
  assignedAt: null,
  completedAt: null,
  rejectReason: null,
});

function run(from: FusionStatus, type: FusionMachineEventType, variant: Variant, requiresAcceptance: boolean) {
  const snapshot = fusionMachine.resolveState({ value: from, context: context(requiresAcceptance) });
  const event = { type, actorId: 'someone', now: NOW, reason: 'r', ...VARIANTS[variant] } as FusionMachineEvent;
  const [next, actions] = transition(fusionMachine, snapshot, event);
  const published = actions.find((a) => a.type === 'publish')?.params as { eventType: CaseEventType } | undefined;
  return { can: snapshot.can(event), to: next.value as FusionStatus, next, published: published?.eventType ?? null };
}

describe('fusion machine', () => {
  it('has exactly the fusion statuses, starting at NEW; COMPLETED and RECALLED are final', () => {
    expect(Object.keys(fusionMachine.states)).toEqual([...FUSION_STATUSES]);
    expect(fusionMachine.config.initial).toBe('NEW');
    expect(fusionMachine.states.COMPLETED!.type).toBe('final');
    expect(fusionMachine.states.RECALLED!.type).toBe('final');
  });

  const table = FUSION_STATUSES.flatMap((from) =>
    EVENTS.flatMap((type) =>
      (['radiologist', 'centre'] as const).flatMap((variant) =>
        [true, false].map((acceptance) => {
          const target = ALLOWED[from][`${type}:${variant}`];
          return [from, type, variant, acceptance, target ? target[acceptance ? 0 : 1] : null] as const;
        }),
      ),
    ),
  );
  it.each(table)('%s + %s (to a %s, acceptance %s) → %s', (from, type, variant, acceptance, to) => {
    const result = run(from, type, variant, acceptance);
    if (to === null) {
      expect(result).toMatchObject({ can: false, to: from, published: null });
    } else {
      expect(result.can).toBe(true);
      expect(result.to).toBe(to);
      expect(result.published).toBe(to === 'COMPLETED' ? 'CaseCompleted' : 'CaseFusionChanged');
    }
  });

  it('keeps who reads and where: assignment, rejection, recall', () => {
    expect(run('NEW', 'fusion.assign', 'centre', true).next.context).toMatchObject({ fusionCentreId: 'fc2' });
    expect(run('ASSIGNED', 'fusion.assign', 'radiologist', true).next.context).toMatchObject({
      radiologistId: 'frad',
      assignedAt: NOW,
    });
    expect(run('PENDING_FOR_ACCEPTANCE', 'fusion.reject', 'radiologist', true).next.context).toMatchObject({
      radiologistId: null,
      rejectReason: 'r',
    });
    expect(run('IN_PROGRESS', 'fusion.recall', 'radiologist', true).next.context).toMatchObject({
      radiologistId: null,
      fusionCentreId: null,
    });
    expect(run('IN_PROGRESS', 'fusion.complete', 'radiologist', true).next.context).toMatchObject({ completedAt: NOW });
  });
});
