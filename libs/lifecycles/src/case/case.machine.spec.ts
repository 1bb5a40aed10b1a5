import { describe, expect, it } from '@jest/globals';
import { CASE_STATUSES, type CaseEventType, type CaseStatus } from '@rayworks/contracts';
import { transition } from 'xstate';
import {
  caseMachine,
  caseSnapshotOf,
  type CaseFacts,
  type CaseMachineEvent,
  type CaseMachineEventType,
  type CasePatch,
} from './case.machine.js';

const NOW = '2025-03-09T06:30:00.000Z';
const BASE: CaseFacts = {
  status: 'NEW',
  workflowType: 'Center',
  fusionStatus: null,
  onHold: false,
  recallRequested: false,
  radiologistId: null,
  typistId: null,
  imagingState: 'IMPORTED',
  parentCaseId: null,
  settings: { requiresAcceptance: false, typistAssignment: 'MANUAL' },
};
const reading = { radiologistId: 'rad', assignedAt: '2025-03-09T05:00:00.000Z' };

/**
 * Every transition of the case machine, written out by hand: from (with facts), event → to, patch, event published.
 * The machine must agree with each row, and has no transition the rows do not name (checked below).
 */
type Row = {
  name: string;
  facts: Partial<CaseFacts> & { status: CaseStatus };
  event: CaseMachineEventType;
  input?: Partial<CaseMachineEvent>;
  to: CaseStatus;
  patch: CasePatch;
  published: CaseEventType;
};
const ROWS: Row[] = [
  {
    name: 'the study arrives for a registration',
    facts: { status: 'PENDING FOR SCAN' },
    event: 'case.studyArrived',
    to: 'NEW',
    patch: {},
    published: 'CaseMatched',
  },
  {
    name: 'the registration item is cancelled before the scan (the service removes the case)',
    facts: { status: 'PENDING FOR SCAN' },
    event: 'case.registrationCancelled',
    to: 'PENDING FOR SCAN',
    patch: {},
    published: 'CaseCancelled',
  },
  {
    name: 'assign where the centre requires acceptance',
    facts: { status: 'NEW', settings: { requiresAcceptance: true, typistAssignment: 'MANUAL' } },
    event: 'case.assign',
    input: { radiologistId: 'rad' },
    to: 'PENDING FOR ACCEPTANCE',
    patch: { radiologistId: 'rad', assignedAt: NOW },
    published: 'CaseAssigned',
  },
  {
    name: 'assign where it does not',
    facts: { status: 'NEW' },
    event: 'case.assign',
    input: { radiologistId: 'rad', radiologistIsJunior: true },
    to: 'IN PROGRESS',
    patch: { radiologistId: 'rad', radiologistIsJunior: true, assignedAt: NOW },
    published: 'CaseAssigned',
  },
  {
    name: 'a marketplace radiologist takes an open offer',
    facts: { status: 'NEW', workflowType: 'Marketplace' },
    event: 'case.accept',
    input: { actorId: 'mp' },
    to: 'IN PROGRESS',
    patch: { radiologistId: 'mp', assignedAt: NOW },
    published: 'CaseAccepted',
  },
  {
    name: 'split',
    facts: { status: 'NEW', seriesCount: 3 },
    event: 'case.split',
    to: 'NEW',
    patch: {},
    published: 'CaseSplit',
  },
  {
    name: 'offer to the marketplace',
    facts: { status: 'NEW' },
    event: 'case.offerToMarketplace',
    to: 'NEW',
    patch: { workflowType: 'Marketplace' },
    published: 'CaseOffered',
  },
  {
    name: 'withdraw the offer',
    facts: { status: 'NEW', workflowType: 'Marketplace' },
    event: 'case.withdrawOffer',
    to: 'NEW',
    patch: { workflowType: 'Center' },
    published: 'CaseOfferWithdrawn',
  },
  {
    name: 'send to a fusion centre',
    facts: { status: 'NEW' },
    event: 'case.sendToFusion',
    input: { fusionCentreId: 'fc' },
    to: 'NEW',
    patch: { fusionStatus: 'NEW', fusionCentreId: 'fc' },
    published: 'CaseSentToFusion',
  },
  {
    name: 'send again after a recall from fusion',
    facts: { status: 'NEW', fusionStatus: 'RECALLED' },
    event: 'case.sendToFusion',
    input: { fusionCentreId: 'fc2' },
    to: 'NEW',
    patch: { fusionStatus: 'NEW', fusionCentreId: 'fc2' },
    published: 'CaseSentToFusion',
  },
  {
    name: 'the fusion centre completed it',
    facts: { status: 'NEW', fusionStatus: 'IN_PROGRESS', radiologistId: 'frad' },
    event: 'case.fusionCompleted',
    to: 'COMPLETED',
    patch: { completedAt: NOW },
    published: 'CaseCompleted',
  },
  // PENDING FOR ACCEPTANCE
  {
    name: 'accept',
    facts: { status: 'PENDING FOR ACCEPTANCE', ...reading },
    event: 'case.accept',
    to: 'IN PROGRESS',
    patch: {},
    published: 'CaseAccepted',
  },
  {
    name: 'reject with a reason',
    facts: { status: 'PENDING FOR ACCEPTANCE', ...reading },
    event: 'case.reject',
    input: { reason: 'not my speciality' },
    to: 'REJECTED',
    patch: { radiologistId: null, assignedAt: null, rejectReason: 'not my speciality' },
    published: 'CaseRejected',
  },
  {
    name: 'recall requested (pending acceptance)',
    facts: { status: 'PENDING FOR ACCEPTANCE', ...reading },
    event: 'case.recall',
    to: 'PENDING FOR ACCEPTANCE',
    patch: { recallRequested: true },
    published: 'CaseRecallRequested',
  },
  {
    name: 'recall accepted (pending acceptance)',
    facts: { status: 'PENDING FOR ACCEPTANCE', ...reading, recallRequested: true },
    event: 'case.acceptRecall',
    to: 'RECALLED',
    patch: { radiologistId: null, assignedAt: null, recallRequested: false },
    published: 'CaseRecalled',
  },
  {
    name: 'recall rejected (pending acceptance)',
    facts: { status: 'PENDING FOR ACCEPTANCE', ...reading, recallRequested: true },
    event: 'case.rejectRecall',
    to: 'PENDING FOR ACCEPTANCE',
    patch: { recallRequested: false },
    published: 'CaseRecallRejected',
  },
  {
    name: 'unassign',
    facts: { status: 'PENDING FOR ACCEPTANCE', ...reading },
    event: 'case.unassign',
    to: 'NEW',
    patch: { radiologistId: null, assignedAt: null },
    published: 'CaseUnassigned',
  },
  // IN PROGRESS
  {
    name: 'hold',
    facts: { status: 'IN PROGRESS', ...reading },
    event: 'case.hold',
    to: 'IN PROGRESS',
    patch: { onHold: true },
    published: 'CaseHeld',
  },
  {
    name: 'release the hold',
    facts: { status: 'IN PROGRESS', ...reading, onHold: true },
    event: 'case.unhold',
    to: 'IN PROGRESS',
    patch: { onHold: false },
    published: 'CaseHoldReleased',
  },
  {
    name: 'revert to the NEW queue (also on hold)',
    facts: { status: 'IN PROGRESS', ...reading, onHold: true },
    event: 'case.revert',
    to: 'NEW',
    patch: { radiologistId: null, assignedAt: null, onHold: false },
    published: 'CaseReverted',
  },
  {
    name: 'a marketplace radiologist reverts: back to the centre',
    facts: { status: 'IN PROGRESS', ...reading, workflowType: 'Marketplace' },
    event: 'case.revert',
    to: 'NEW',
    patch: { radiologistId: null, assignedAt: null, workflowType: 'Center' },
    published: 'CaseReverted',
  },
  {
    name: 'a marketplace radiologist rejects: back to the pool',
    facts: { status: 'IN PROGRESS', ...reading, workflowType: 'Marketplace' },
    event: 'case.reject',
    input: { reason: 'busy' },
    to: 'NEW',
    patch: { radiologistId: null, assignedAt: null, rejectReason: 'busy' },
    published: 'CaseOfferReturned',
  },
  {
    name: 'a taken offer times out: back to the pool',
    facts: { status: 'IN PROGRESS', ...reading, workflowType: 'Marketplace' },
    event: 'case.offerTimeout',
    to: 'NEW',
    patch: { radiologistId: null, assignedAt: null },
    published: 'CaseOfferReturned',
  },
  {
    name: 'recall requested (in progress)',
    facts: { status: 'IN PROGRESS', ...reading },
    event: 'case.recall',
    to: 'IN PROGRESS',
    patch: { recallRequested: true },
    published: 'CaseRecallRequested',
  },
  {
    name: 'recall accepted (in progress, on hold)',
    facts: { status: 'IN PROGRESS', ...reading, recallRequested: true, onHold: true },
    event: 'case.acceptRecall',
    to: 'RECALLED',
    patch: { radiologistId: null, assignedAt: null, recallRequested: false, onHold: false },
    published: 'CaseRecalled',
  },
  {
    name: 'recall rejected (in progress)',
    facts: { status: 'IN PROGRESS', ...reading, recallRequested: true },
    event: 'case.rejectRecall',
    to: 'IN PROGRESS',
    patch: { recallRequested: false },
    published: 'CaseRecallRejected',
  },
  {
    name: 'to typist, named',
    facts: { status: 'IN PROGRESS', ...reading },
    event: 'case.sendToTypist',
    input: { typistId: 'typ' },
    to: 'PENDING AT TYPIST',
    patch: { typistId: 'typ' },
    published: 'CaseSentToTypist',
  },
  {
    name: 'to typist, to the pool',
    facts: { status: 'IN PROGRESS', ...reading },
    event: 'case.sendToTypist',
    to: 'PENDING AT TYPIST',
    patch: {},
    published: 'CaseSentToTypist',
  },
  {
    name: "a junior's report to review",
    facts: { status: 'IN PROGRESS', ...reading, radiologistIsJunior: true },
    event: 'case.submitForReview',
    to: 'PENDING FOR REVIEW',
    patch: {},
    published: 'CaseSentForReview',
  },
  {
    name: 'complete',
    facts: { status: 'IN PROGRESS', ...reading },
    event: 'case.complete',
    to: 'COMPLETED',
    patch: { completedAt: NOW },
    published: 'CaseCompleted',
  },
  // PENDING AT TYPIST
  {
    name: 'a typist takes the case',
    facts: { status: 'PENDING AT TYPIST', ...reading },
    event: 'case.transcribe',
    input: { actorId: 'typ' },
    to: 'PENDING AT TYPIST',
    patch: { typistId: 'typ' },
    published: 'CaseTranscriptionStarted',
  },
  {
    name: 'the typist submits for review',
    facts: { status: 'PENDING AT TYPIST', ...reading, typistId: 'typ' },
    event: 'case.submitForReview',
    to: 'PENDING FOR REVIEW',
    patch: {},
    published: 'CaseSentForReview',
  },
  // PENDING FOR REVIEW
  {
    name: 'the reviewer completes',
    facts: { status: 'PENDING FOR REVIEW', ...reading, radiologistIsJunior: true },
    event: 'case.complete',
    input: { actorId: 'senior' },
    to: 'COMPLETED',
    patch: { completedAt: NOW },
    published: 'CaseCompleted',
  },
  // COMPLETED
  {
    name: 'addendum',
    facts: { status: 'COMPLETED', ...reading, completedAt: NOW },
    event: 'case.addendum',
    to: 'COMPLETED',
    patch: {},
    published: 'CaseAddendumStarted',
  },
  {
    name: 'rollback',
    facts: { status: 'COMPLETED', ...reading, completedAt: NOW },
    event: 'case.rollback',
    to: 'IN PROGRESS',
    patch: { completedAt: null },
    published: 'CaseRolledBack',
  },
  // REJECTED / RECALLED
  ...(['REJECTED', 'RECALLED'] as const).flatMap((status): Row[] => [
    {
      name: `reassign (${status}) where acceptance is required`,
      facts: { status, rejectReason: 'x', settings: { requiresAcceptance: true, typistAssignment: 'AUTOMATIC' } },
      event: 'case.reassign',
      input: { radiologistId: 'rad2' },
      to: 'PENDING FOR ACCEPTANCE',
      patch: { radiologistId: 'rad2', assignedAt: NOW, rejectReason: null },
      published: 'CaseAssigned',
    },
    {
      name: `reassign (${status}), a recalled marketplace case comes home`,
      facts: { status, workflowType: 'Marketplace' },
      event: 'case.reassign',
      input: { radiologistId: 'rad2' },
      to: 'IN PROGRESS',
      patch: { radiologistId: 'rad2', assignedAt: NOW, workflowType: 'Center' },
      published: 'CaseAssigned',
    },
    {
      name: `unassign (${status})`,
      facts: { status, rejectReason: 'x' },
      event: 'case.unassign',
      to: 'NEW',
      patch: { rejectReason: null },
      published: 'CaseUnassigned',
    },
  ]),
  // every status: legends
  ...CASE_STATUSES.flatMap((status): Row[] => [
    {
      name: `flag emergency (${status})`,
      facts: { status, legends: ['MLC'], priority: 'ROUTINE' },
      event: 'case.flagEmergency',
      to: status,
      patch: { legends: ['MLC', 'Emergency'], priority: 'EMERGENT' },
      published: 'CaseUpdated',
    },
    {
      name: `unflag emergency (${status})`,
      facts: { status, legends: ['Emergency'], priority: 'EMERGENT' },
      event: 'case.flagEmergency',
      to: status,
      patch: { legends: [], priority: 'ROUTINE' },
      published: 'CaseUpdated',
    },
    {
      name: `flag MLC (${status})`,
      facts: { status },
      event: 'case.flagMlc',
      to: status,
      patch: { legends: ['MLC'] },
      published: 'CaseUpdated',
    },
  ]),
];

function run(facts: Partial<CaseFacts> & { status: CaseStatus }, type: CaseMachineEventType, input = {}) {
  const snapshot = caseSnapshotOf({ ...BASE, ...facts });
  const event = { type, actorId: null, now: NOW, ...input } as CaseMachineEvent;
  const can = snapshot.can(event);
  const [next, actions] = transition(caseMachine, snapshot, event);
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next.context))
    if (JSON.stringify(value) !== JSON.stringify(snapshot.context[key as keyof typeof snapshot.context]))
      patch[key] = value;
  const published = actions.find((a) => a.type === 'publish')?.params as { eventType: CaseEventType } | undefined;
  return { can, to: next.value, patch, published: published?.eventType ?? null };
}

describe('case machine: every transition', () => {
  it('has exactly the case statuses, starting at PENDING FOR SCAN', () => {
    expect(Object.keys(caseMachine.states)).toEqual([...CASE_STATUSES]);
    expect(caseMachine.config.initial).toBe('PENDING FOR SCAN');
  });

  it.each(ROWS.map((r) => [r.facts.status, r.name, r] as const))('%s: %s', (_, __, row) => {
    const result = run(row.facts, row.event, row.input);
    expect(result).toEqual({ can: true, to: row.to, patch: row.patch, published: row.published });
  });

  it('names every transition of the machine in the rows above (nothing untested)', () => {
    const defined = new Set<string>();
    for (const status of CASE_STATUSES)
      for (const type of Object.keys(caseMachine.states[status]!.on)) defined.add(`${status}|${type}`);
    for (const type of Object.keys(caseMachine.root.on))
      for (const status of CASE_STATUSES) defined.add(`${status}|${type}`);
    const tested = new Set(ROWS.map((r) => `${r.facts.status}|${r.event}`));
    expect([...defined].filter((k) => !tested.has(k))).toEqual([]);
  });
});

describe('case machine: refusals', () => {
  const refused: [string, Partial<CaseFacts> & { status: CaseStatus }, CaseMachineEventType, object?][] = [
    ['assign a marketplace case', { status: 'NEW', workflowType: 'Marketplace' }, 'case.assign'],
    ['assign a case with its fusion centre', { status: 'NEW', fusionStatus: 'ASSIGNED' }, 'case.assign'],
    ['offer a case with its fusion centre', { status: 'NEW', fusionStatus: 'NEW' }, 'case.offerToMarketplace'],
    ['send to fusion twice', { status: 'NEW', fusionStatus: 'NEW' }, 'case.sendToFusion'],
    ['offer an offered case', { status: 'NEW', workflowType: 'Marketplace' }, 'case.offerToMarketplace'],
    ['withdraw a centre case', { status: 'NEW' }, 'case.withdrawOffer'],
    ['take a centre case', { status: 'NEW' }, 'case.accept'],
    ['split a split case', { status: 'NEW', parentCaseId: 'p' }, 'case.split'],
    ['split a one-series case', { status: 'NEW', seriesCount: 1 }, 'case.split'],
    ['complete a case at home through fusion', { status: 'NEW' }, 'case.fusionCompleted'],
    [
      'accept while a recall waits',
      { status: 'PENDING FOR ACCEPTANCE', ...reading, recallRequested: true },
      'case.accept',
    ],
    ['recall twice', { status: 'IN PROGRESS', ...reading, recallRequested: true }, 'case.recall'],
    ['answer a recall nobody asked', { status: 'IN PROGRESS', ...reading }, 'case.acceptRecall'],
    ['reject a recall nobody asked', { status: 'PENDING FOR ACCEPTANCE', ...reading }, 'case.rejectRecall'],
    ['unassign in progress (recall instead)', { status: 'IN PROGRESS', ...reading }, 'case.unassign'],
    ['a centre radiologist rejects after accepting', { status: 'IN PROGRESS', ...reading }, 'case.reject'],
    ['time out a centre case', { status: 'IN PROGRESS', ...reading }, 'case.offerTimeout'],
    ['hold twice', { status: 'IN PROGRESS', ...reading, onHold: true }, 'case.hold'],
    ['release a hold never set', { status: 'IN PROGRESS', ...reading }, 'case.unhold'],
    ['to typist on hold', { status: 'IN PROGRESS', ...reading, onHold: true }, 'case.sendToTypist'],
    ['complete on hold', { status: 'IN PROGRESS', ...reading, onHold: true }, 'case.complete'],
    ['complete while a recall waits', { status: 'IN PROGRESS', ...reading, recallRequested: true }, 'case.complete'],
    ['a junior completes', { status: 'IN PROGRESS', ...reading, radiologistIsJunior: true }, 'case.complete'],
    [
      'a junior completes their own review',
      { status: 'PENDING FOR REVIEW', ...reading, radiologistIsJunior: true },
      'case.complete',
      { actorId: 'rad' },
    ],
    ['a second typist takes a taken case', { status: 'PENDING AT TYPIST', typistId: 'typ' }, 'case.transcribe'],
    ['submit an untyped case', { status: 'PENDING AT TYPIST' }, 'case.submitForReview'],
    ['roll back a fusion report', { status: 'COMPLETED', fusionStatus: 'COMPLETED' }, 'case.rollback'],
    ['study arrives twice', { status: 'NEW' }, 'case.studyArrived'],
    ['cancel the registration of a case whose study arrived', { status: 'NEW' }, 'case.registrationCancelled'],
    [
      'cancel the registration of a case being read',
      { status: 'IN PROGRESS', ...reading },
      'case.registrationCancelled',
    ],
    ['cancel the registration of a completed case', { status: 'COMPLETED' }, 'case.registrationCancelled'],
    ['assign a registration without a study', { status: 'PENDING FOR SCAN' }, 'case.assign'],
    ['reassign a NEW case', { status: 'NEW' }, 'case.reassign'],
    ['addendum before completion', { status: 'IN PROGRESS', ...reading }, 'case.addendum'],
    ['rollback before completion', { status: 'PENDING FOR REVIEW', ...reading }, 'case.rollback'],
  ];
  it.each(refused)('refuses to %s', (_, facts, type, input = {}) => {
    const result = run(facts, type, input);
    expect(result).toMatchObject({ can: false, to: facts.status, patch: {}, published: null });
  });
});
