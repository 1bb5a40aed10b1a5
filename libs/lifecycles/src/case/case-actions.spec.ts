import { describe, expect, it } from '@jest/globals';
import { CASE_MESSAGES } from '@rayworks/contracts';
import { nextCase, type CaseLifecycleFacts } from './case-actions.js';

const NOW = '2025-03-09T06:30:00.000Z';
const BASE: CaseLifecycleFacts = {
  status: 'NEW',
  workflowType: 'Center',
  fusionStatus: null,
  onHold: false,
  recallRequested: false,
  radiologistId: null,
  typistId: null,
  imagingState: 'IMPORTED',
  parentCaseId: null,
  settings: { requiresAcceptance: false, typistAssignment: 'AUTOMATIC' },
};

describe('nextCase: where an action takes a case', () => {
  it('assigns (status, the fields that change, the event)', () => {
    expect(nextCase(BASE, 'ASSIGN', { actorId: 'admin', radiologistId: 'rad', now: new Date(NOW) })).toEqual({
      ok: true,
      status: 'IN PROGRESS',
      fusionStatus: null,
      patch: { radiologistId: 'rad', assignedAt: NOW },
      eventType: 'CaseAssigned',
    });
  });

  it('matches a registration when its study arrives (a system event)', () => {
    expect(nextCase({ ...BASE, status: 'PENDING FOR SCAN', imagingState: null }, 'STUDY_ARRIVED')).toMatchObject({
      ok: true,
      status: 'NEW',
      eventType: 'CaseMatched',
    });
  });

  it('cancels a registration still waiting for its study (CaseCancelled), and no case past it', () => {
    expect(nextCase({ ...BASE, status: 'PENDING FOR SCAN', imagingState: null }, 'REGISTRATION_CANCELLED')).toEqual({
      ok: true,
      status: 'PENDING FOR SCAN',
      fusionStatus: null,
      patch: {},
      eventType: 'CaseCancelled',
    });
    for (const status of ['NEW', 'IN PROGRESS', 'COMPLETED'] as const)
      expect(nextCase({ ...BASE, status, radiologistId: 'r' }, 'REGISTRATION_CANCELLED')).toMatchObject({
        ok: false,
        code: 409,
      });
  });

  it('moves nothing and publishes nothing for a view action', () => {
    expect(nextCase(BASE, 'GO_TO_CASE')).toEqual({
      ok: true,
      status: 'NEW',
      fusionStatus: null,
      patch: {},
      eventType: null,
    });
  });

  it.each([
    [
      'REJECT without a reason',
      { ...BASE, status: 'PENDING FOR ACCEPTANCE', radiologistId: 'r' },
      'REJECT',
      {},
      CASE_MESSAGES.reasonRequired,
    ],
    [
      'REJECT with a blank reason',
      { ...BASE, status: 'PENDING FOR ACCEPTANCE', radiologistId: 'r' },
      'REJECT',
      { reason: '  ' },
      CASE_MESSAGES.reasonRequired,
    ],
    ['ASSIGN without a radiologist', BASE, 'ASSIGN', {}, CASE_MESSAGES.radiologistRequired],
    [
      'REASSIGN without a radiologist',
      { ...BASE, status: 'REJECTED' },
      'REASSIGN',
      {},
      CASE_MESSAGES.radiologistRequired,
    ],
    ['SEND_TO_FUSION without a centre', BASE, 'SEND_TO_FUSION', {}, CASE_MESSAGES.fusionCentreRequired],
    ['fusion ASSIGN with neither', { ...BASE, fusionStatus: 'NEW' }, 'ASSIGN', {}, CASE_MESSAGES.fusionCentreRequired],
  ] as const)('answers 400 to %s', (_, facts, action, input, message) => {
    expect(nextCase(facts as CaseLifecycleFacts, action, input)).toEqual({ ok: false, code: 400, message });
  });

  it('answers 409 with the clear message when the machine refuses', () => {
    expect(nextCase({ ...BASE, status: 'COMPLETED' }, 'ACCEPT')).toEqual({
      ok: false,
      code: 409,
      message: 'Accept is not allowed on a case in COMPLETED',
    });
    expect(
      nextCase({ ...BASE, status: 'IN PROGRESS', radiologistId: 'r', onHold: true }, 'SEND_TO_TYPIST'),
    ).toMatchObject({
      ok: false,
      code: 409,
    });
    expect(nextCase(BASE, 'RECALL_FROM_FUSION')).toMatchObject({ ok: false, code: 409 });
  });

  it("answers a second typist with the specification's words", () => {
    expect(
      nextCase({ ...BASE, status: 'PENDING AT TYPIST', typistId: 'typ' }, 'TRANSCRIBE', { actorId: 'other' }),
    ).toEqual({
      ok: false,
      code: 409,
      message: 'A Transcriptionist is already working on the case',
    });
  });

  it('keeps the reason trimmed', () => {
    const move = nextCase({ ...BASE, status: 'PENDING FOR ACCEPTANCE', radiologistId: 'r' }, 'REJECT', {
      reason: '  wrong body part ',
    });
    expect(move).toMatchObject({ ok: true, status: 'REJECTED', patch: { rejectReason: 'wrong body part' } });
  });
});

describe('nextCase: a case with its fusion centre', () => {
  const sent: CaseLifecycleFacts = { ...BASE, fusionStatus: 'NEW', fusionCentreId: 'fc' };

  it('sends, assigns to a fusion centre, to a radiologist (acceptance by default), accepts, starts, completes', () => {
    const steps: [CaseLifecycleFacts, Parameters<typeof nextCase>[1], Parameters<typeof nextCase>[2], object][] = [
      [
        BASE,
        'SEND_TO_FUSION',
        { fusionCentreId: 'fc' },
        { status: 'NEW', fusionStatus: 'NEW', patch: { fusionCentreId: 'fc' }, eventType: 'CaseSentToFusion' },
      ],
      [
        sent,
        'ASSIGN',
        { fusionCentreId: 'fc2' },
        { status: 'NEW', fusionStatus: 'ASSIGNED', patch: { fusionCentreId: 'fc2' }, eventType: 'CaseFusionChanged' },
      ],
      [
        { ...sent, fusionStatus: 'ASSIGNED' },
        'ASSIGN',
        { radiologistId: 'frad', now: NOW },
        { fusionStatus: 'PENDING_FOR_ACCEPTANCE', patch: { radiologistId: 'frad', assignedAt: NOW } },
      ],
      [
        { ...sent, fusionStatus: 'ASSIGNED', fusionSettings: { requiresAcceptance: false } },
        'ASSIGN',
        { radiologistId: 'frad' },
        { fusionStatus: 'ACCEPTED' },
      ],
      [
        { ...sent, fusionStatus: 'PENDING_FOR_ACCEPTANCE', radiologistId: 'frad' },
        'ACCEPT',
        {},
        { status: 'NEW', fusionStatus: 'ACCEPTED', patch: {} },
      ],
      [
        { ...sent, fusionStatus: 'ACCEPTED', radiologistId: 'frad' },
        'REPORT_STARTED',
        {},
        { fusionStatus: 'IN_PROGRESS', eventType: 'CaseFusionChanged' },
      ],
      [
        { ...sent, fusionStatus: 'IN_PROGRESS', radiologistId: 'frad' },
        'COMPLETE',
        { now: NOW },
        { status: 'COMPLETED', fusionStatus: 'COMPLETED', patch: { completedAt: NOW }, eventType: 'CaseCompleted' },
      ],
      [
        { ...sent, fusionStatus: 'IN_PROGRESS', radiologistId: 'frad' },
        'RECALL_FROM_FUSION',
        {},
        {
          status: 'NEW',
          fusionStatus: 'RECALLED',
          patch: { radiologistId: null, fusionCentreId: null },
          eventType: 'CaseFusionChanged',
        },
      ],
    ];
    for (const [facts, action, input, expected] of steps)
      expect({ action, move: nextCase(facts, action, input) }).toMatchObject({
        action,
        move: { ok: true, ...expected },
      });
  });

  it('ignores a report started on a case read at home', () => {
    expect(nextCase({ ...BASE, status: 'IN PROGRESS', radiologistId: 'r' }, 'REPORT_STARTED')).toMatchObject({
      ok: true,
      status: 'IN PROGRESS',
      eventType: null,
    });
  });

  it('refuses home actions while the case is with its fusion centre, and allows them after a recall', () => {
    expect(nextCase(sent, 'OFFER_TO_MARKETPLACE')).toMatchObject({ ok: false, code: 409 });
    expect(
      nextCase({ ...sent, fusionStatus: 'ASSIGNED' }, 'ASSIGN', { radiologistId: 'r', fusionCentreId: null }),
    ).toMatchObject({
      ok: true,
      fusionStatus: 'PENDING_FOR_ACCEPTANCE',
    });
    expect(nextCase({ ...BASE, fusionStatus: 'RECALLED' }, 'ASSIGN', { radiologistId: 'r' })).toMatchObject({
      ok: true,
      status: 'IN PROGRESS',
      fusionStatus: 'RECALLED',
    });
  });
});
