import { describe, expect, it } from '@jest/globals';
import { CASE_MESSAGES, REPORT_MESSAGES, ROLE_CODES, type Case } from '@rayworks/contracts';
import {
  checkSave,
  finalizeOutcome,
  lockHolder,
  mayAddendum,
  maySendToTypist,
  maySubmitForReview,
  mayWrite,
  takeLock,
  takesTranscription,
  type ReportActor,
} from './report-rules.js';

const READER = '11111111-1111-4111-8111-111111111111';
const OTHER_RAD = '22222222-2222-4222-8222-222222222222';
const TYPIST = '33333333-3333-4333-8333-333333333333';
const TYPIST2 = '44444444-4444-4444-8444-444444444444';

const reader: ReportActor = { userId: READER, roleCodes: [ROLE_CODES.CENTER_RADIOLOGIST] };
const junior: ReportActor = { userId: READER, roleCodes: [ROLE_CODES.JUNIOR_RADIOLOGIST] };
const reviewer: ReportActor = { userId: OTHER_RAD, roleCodes: [ROLE_CODES.CENTER_RADIOLOGIST] };
const typist: ReportActor = { userId: TYPIST, roleCodes: [ROLE_CODES.TYPIST] };
const typist2: ReportActor = { userId: TYPIST2, roleCodes: [ROLE_CODES.TYPIST] };

const aCase = (over: Partial<Case> = {}): Case => ({
  _id: '55555555-5555-4555-8555-555555555555',
  version: 3,
  status: 'IN PROGRESS',
  worklistStatus: 'IN PROGRESS',
  fusionStatus: null,
  workflowType: 'Center',
  companyId: '66666666-6666-4666-8666-666666666666',
  groupId: null,
  centreId: '77777777-7777-4777-8777-777777777777',
  centreName: 'C',
  patientName: 'DOE^JANE',
  patientId: 'P1',
  patientSex: 'F',
  patientBirthDate: '19800101',
  accessionNumber: 'A1',
  referringPhysician: null,
  studyInstanceUid: '1.2.3',
  studyId: null,
  studyDescription: 'CT HEAD',
  bodyPart: 'HEAD',
  modality: 'CT',
  modalities: ['CT'],
  studyDate: '20261101',
  seriesCount: 2,
  instanceCount: 10,
  seriesInstanceUids: null,
  parentCaseId: null,
  imagingState: 'IMPORTED',
  priority: 'ROUTINE',
  legends: [],
  radiologistId: READER,
  radiologistName: 'Dr R',
  typistId: null,
  typistName: null,
  onHold: false,
  recallRequested: false,
  rejectReason: null,
  fusionCentreId: null,
  receivedAt: null,
  dueAt: null,
  assignedAt: null,
  completedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('who may write the report (lock, save)', () => {
  it('the reading radiologist of a case IN PROGRESS; another radiologist or a typist may not (409)', () => {
    expect(mayWrite(aCase(), 'DRAFT', reader)).toEqual({ ok: true });
    expect(mayWrite(aCase(), 'DRAFT', reviewer)).toMatchObject({ ok: false, code: 409 });
    expect(mayWrite(aCase(), 'DRAFT', typist)).toMatchObject({ ok: false, code: 409 });
  });

  it('PENDING AT TYPIST: any typist while nobody types it (locking takes it), then only that typist', () => {
    const free = aCase({ status: 'PENDING AT TYPIST' });
    expect(mayWrite(free, 'AT_TYPIST', typist)).toEqual({ ok: true });
    expect(takesTranscription(free, typist)).toBe(true);
    expect(mayWrite(free, 'AT_TYPIST', reader)).toMatchObject({ ok: false, code: 409 });
    const taken = aCase({ status: 'PENDING AT TYPIST', typistId: TYPIST });
    expect(mayWrite(taken, 'AT_TYPIST', typist)).toEqual({ ok: true });
    expect(takesTranscription(taken, typist)).toBe(false);
    expect(mayWrite(taken, 'AT_TYPIST', typist2)).toEqual({
      ok: false,
      code: 409,
      message: CASE_MESSAGES.transcriptionistWorking,
    });
    expect(mayWrite(taken, 'AT_TYPIST', reader)).toEqual({
      ok: false,
      code: 409,
      message: CASE_MESSAGES.transcriptionistWorking,
    });
  });

  it('a final report (or a completed case) is changed only by an addendum', () => {
    expect(mayWrite(aCase(), 'FINAL', reader)).toEqual({ ok: false, code: 409, message: REPORT_MESSAGES.finalized });
    expect(mayWrite(aCase({ status: 'COMPLETED' }), 'DRAFT', reader)).toMatchObject({ code: 409 });
  });

  it("PENDING FOR REVIEW: a reviewer writes a junior's report; the junior no longer does", () => {
    const review = aCase({ status: 'PENDING FOR REVIEW' });
    expect(mayWrite(review, 'IN_REVIEW', reviewer)).toEqual({ ok: true });
    expect(mayWrite(review, 'IN_REVIEW', junior)).toMatchObject({ ok: false, code: 409 });
  });
});

describe('the workflow steps follow the case machine', () => {
  it('send to typist: the reader of a case IN PROGRESS, not on hold; nobody else', () => {
    expect(maySendToTypist(aCase(), 'DRAFT', reader)).toEqual({ ok: true });
    expect(maySendToTypist(aCase({ onHold: true }), 'DRAFT', reader)).toMatchObject({ ok: false, code: 409 });
    expect(maySendToTypist(aCase(), 'DRAFT', typist).ok).toBe(false);
    expect(maySendToTypist(aCase({ status: 'PENDING AT TYPIST' }), 'AT_TYPIST', reader).ok).toBe(false);
  });

  it('submit for review: the typist holding the case (or taking a free one); not another typist', () => {
    const taken = aCase({ status: 'PENDING AT TYPIST', typistId: TYPIST });
    expect(maySubmitForReview(taken, 'AT_TYPIST', typist)).toEqual({ ok: true });
    expect(maySubmitForReview(taken, 'AT_TYPIST', typist2).ok).toBe(false);
    expect(maySubmitForReview(aCase({ status: 'PENDING AT TYPIST' }), 'AT_TYPIST', typist)).toEqual({ ok: true });
  });

  it('finalize: the reader completes IN PROGRESS; a junior reader goes to review instead', () => {
    expect(finalizeOutcome(aCase(), 'DRAFT', reader)).toEqual({ ok: true, outcome: 'complete' });
    expect(finalizeOutcome(aCase(), 'DRAFT', junior)).toEqual({ ok: true, outcome: 'review' });
    expect(finalizeOutcome(aCase(), 'DRAFT', typist).ok).toBe(false);
  });

  it("finalize in review: a reviewer completes a junior's report; the junior may not", () => {
    const review = aCase({ status: 'PENDING FOR REVIEW' });
    expect(finalizeOutcome(review, 'IN_REVIEW', reviewer)).toEqual({ ok: true, outcome: 'complete' });
    expect(finalizeOutcome(review, 'IN_REVIEW', junior).ok).toBe(false);
    expect(finalizeOutcome(aCase(), 'FINAL', reader)).toMatchObject({ ok: false, code: 409 });
  });

  it('addendum: on a completed case with a final report only', () => {
    const done = aCase({ status: 'COMPLETED' });
    expect(mayAddendum(done, 'FINAL', reader)).toEqual({ ok: true });
    expect(mayAddendum(done, 'DRAFT', reader)).toEqual({ ok: false, code: 409, message: REPORT_MESSAGES.notFinal });
    expect(mayAddendum(aCase(), 'FINAL', reader).ok).toBe(false);
  });
});

describe('the lock', () => {
  const now = new Date('2026-11-27T10:00:00.000Z');
  const free = { userId: null, expiresAt: null };

  it('a free lock is taken for two minutes; the holder renews it', () => {
    const taken = takeLock(free, READER, now);
    expect(taken).toEqual({ ok: true, expiresAt: new Date('2026-11-27T10:02:00.000Z'), renewed: false });
    const held = { userId: READER, expiresAt: new Date('2026-11-27T10:01:00.000Z') };
    expect(takeLock(held, READER, now)).toMatchObject({ ok: true, renewed: true });
  });

  it("another holder's live lock refuses with the specification's words", () => {
    const held = { userId: TYPIST, expiresAt: new Date('2026-11-27T10:01:00.000Z') };
    expect(takeLock(held, READER, now)).toEqual({
      ok: false,
      code: 409,
      message: CASE_MESSAGES.transcriptionistWorking,
    });
    expect(lockHolder(held, now)).toBe(TYPIST);
  });

  it('a lapsed lock is nobody’s: anyone may take it', () => {
    const lapsed = { userId: TYPIST, expiresAt: new Date('2026-11-27T10:00:00.000Z') };
    expect(lockHolder(lapsed, now)).toBeNull();
    expect(takeLock(lapsed, READER, now)).toMatchObject({ ok: true, renewed: false });
  });
});

describe('a save', () => {
  const now = new Date('2026-11-27T10:00:00.000Z');
  const mine = { userId: READER, expiresAt: new Date('2026-11-27T10:01:00.000Z') };

  it('needs the caller’s live lock and the current version', () => {
    expect(checkSave(mine, { version: 4 }, READER, 4, now)).toEqual({ ok: true });
    expect(checkSave(mine, { version: 4 }, READER, 3, now)).toEqual({
      ok: false,
      code: 409,
      message: REPORT_MESSAGES.versionConflict,
    });
  });

  it('without the lock (or once it lapsed) it is refused; someone else’s lock says who works', () => {
    expect(checkSave({ userId: null, expiresAt: null }, { version: 0 }, READER, 0, now)).toMatchObject({
      message: REPORT_MESSAGES.notLocked,
    });
    const lapsed = { userId: READER, expiresAt: new Date('2026-11-27T09:59:59.000Z') };
    expect(checkSave(lapsed, { version: 0 }, READER, 0, now)).toMatchObject({ message: REPORT_MESSAGES.notLocked });
    expect(checkSave(mine, { version: 0 }, TYPIST, 0, now)).toMatchObject({
      message: CASE_MESSAGES.transcriptionistWorking,
    });
  });
});
