import { describe, expect, it } from '@jest/globals';
import { ROLE_CODES, type Case, type PermissionConfig } from '@rayworks/contracts';
import {
  ageOn,
  auditActionLabel,
  auditActor,
  auditSummary,
  caseActorOf,
  detailActionKind,
  detailActions,
  personName,
} from './case-details';

const RADIOLOGIST = '00000000-0000-4000-8000-0000000000r1';
const row = (over: Partial<Case> = {}): Case => ({
  _id: '00000000-0000-4000-8000-000000000001',
  version: 1,
  status: 'NEW',
  worklistStatus: 'NEW',
  fusionStatus: null,
  workflowType: 'Center',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  groupId: null,
  centreId: '00000000-0000-4000-8000-0000000000c1',
  centreName: 'North',
  patientName: 'DOE^JOHN',
  patientId: 'P1',
  patientSex: 'M',
  patientBirthDate: '19800215',
  accessionNumber: null,
  studyInstanceUid: '1.2.3',
  studyId: '1',
  studyDescription: 'CT HEAD',
  bodyPart: null,
  referringPhysician: null,
  modality: 'CT',
  modalities: ['CT'],
  studyDate: '20260101',
  seriesCount: 2,
  instanceCount: 10,
  seriesInstanceUids: null,
  parentCaseId: null,
  imagingState: 'IMPORTED',
  priority: 'ROUTINE',
  legends: [],
  radiologistId: null,
  radiologistName: null,
  typistId: null,
  typistName: null,
  onHold: false,
  recallRequested: false,
  rejectReason: null,
  fusionCentreId: null,
  receivedAt: '2026-01-01T00:00:00Z',
  dueAt: '2026-01-02T00:00:00Z',
  assignedAt: null,
  completedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

const config = (codes: string[]): PermissionConfig => [
  { module: 'PACS', submodules: [{ type: 'WORKLIST', privileges: codes.map((code) => ({ code })) }] },
  { module: 'OTHERS', submodules: [{ type: 'USER', privileges: [{ code: 'VIEW' }] }] },
];

describe('caseActorOf', () => {
  it("takes the user's id, roles and only the WORKLIST privileges of module PACS, upper-cased", () => {
    expect(caseActorOf({ _id: 'u1', roleCodes: ['CENTER_ADMIN'] }, config(['view', 'ASSIGN']))).toEqual({
      userId: 'u1',
      roleCodes: ['CENTER_ADMIN'],
      privileges: ['VIEW', 'ASSIGN'],
    });
    expect(caseActorOf(null, config(['VIEW']))).toBeNull();
    expect(caseActorOf({ _id: 'u1', roleCodes: [] }, null)!.privileges).toEqual([]);
  });
});

describe('detailActions (the shared allowedCaseActions)', () => {
  it('offers an admin the assignment of a NEW case, and nothing they lack the privilege for', () => {
    const admin = caseActorOf({ _id: 'a', roleCodes: [ROLE_CODES.ADMIN] }, config(['VIEW', 'ASSIGN']));
    const actions = detailActions(admin, row());
    expect(actions).toContain('ASSIGN');
    expect(actions).not.toContain('FLAG_EMERGENCY');
    expect(detailActions(null, row())).toEqual([]);
  });

  it('offers the assigned radiologist acceptance of a case pending acceptance, and another radiologist nothing of it', () => {
    const codes = ['VIEW', 'ACCEPT', 'REJECT', 'GENERATE_REPORT'];
    const mine = caseActorOf({ _id: RADIOLOGIST, roleCodes: [ROLE_CODES.CENTER_RADIOLOGIST] }, config(codes));
    const other = caseActorOf({ _id: 'someone', roleCodes: [ROLE_CODES.CENTER_RADIOLOGIST] }, config(codes));
    const pending = row({ status: 'PENDING FOR ACCEPTANCE', radiologistId: RADIOLOGIST });
    expect(detailActions(mine, pending)).toEqual(expect.arrayContaining(['ACCEPT', 'REJECT']));
    expect(detailActions(other, pending)).not.toContain('ACCEPT');
  });
});

describe('detailActionKind', () => {
  const centre = { workflowType: 'Center', fusionStatus: null } as const;
  it('routes each action to how the page carries it out (the worklist answer, and download and chat)', () => {
    expect(detailActionKind(centre, 'ASSIGN')).toBe('assign');
    expect(detailActionKind(centre, 'REASSIGN')).toBe('assign');
    expect(detailActionKind(centre, 'ACCEPT')).toBe('update');
    expect(detailActionKind(centre, 'REJECT')).toBe('update');
    expect(detailActionKind(centre, 'GO_TO_CASE')).toBe('viewer');
    expect(detailActionKind(centre, 'DOWNLOAD_STUDY')).toBe('download');
    expect(detailActionKind(centre, 'CHAT')).toBe('chat');
    expect(detailActionKind(centre, 'PRINT')).toBe('pdf');
    expect(detailActionKind(centre, 'MAIL')).toBe('mail');
    expect(detailActionKind(centre, 'SPLIT')).toBe('later');
    expect(detailActionKind({ workflowType: 'Center', fusionStatus: 'ACCEPTED' }, 'RECALL_FROM_FUSION')).toBe('update');
  });
});

describe('patient facts', () => {
  it('reads DICOM person names and ages', () => {
    expect(personName('DOE^JOHN^^')).toBe('DOE JOHN');
    expect(personName('')).toBe('—');
    expect(ageOn('19800215', new Date('2026-02-14T12:00:00Z'))).toBe(45);
    expect(ageOn('19800215', new Date('2026-02-15T12:00:00Z'))).toBe(46);
    expect(ageOn('1980', new Date())).toBeNull();
    expect(ageOn(null)).toBeNull();
  });
});

describe('audit entries in words', () => {
  it('names transitions by their action label and the core by name', () => {
    expect(auditActionLabel('case.assign')).toBe('Assign');
    expect(auditActionLabel('case.send_to_typist')).toBe('Send to Transcriptionist');
    expect(auditActionLabel('CASE_CREATE')).toBe('Case created from the imported study');
    expect(auditActionLabel('PATIENT_DATA_READ')).toBe('Case opened');
    expect(auditActionLabel('case.comment_add')).toBe('Comment add');
    expect(auditActionLabel('CASE_COMMENT_ADD')).toBe('Comment added');
    expect(auditActionLabel('CASE_VIEWER_OPEN')).toBe('Opened in the viewer');
    expect(auditActionLabel('VIEWER_ANNOTATION_SAVE')).toBe('Measurement saved');
  });

  it('summarises the move, the reason and the edited fields', () => {
    expect(auditSummary({ details: { from: 'NEW', to: 'IN PROGRESS', version: 2 } })).toBe('NEW → IN PROGRESS');
    expect(auditSummary({ details: { from: 'IN PROGRESS', to: 'REJECTED', reason: ' wrong study ' } })).toBe(
      'IN PROGRESS → REJECTED · Reason: wrong study',
    );
    expect(auditSummary({ details: { changed: ['priority', 'dueAt'] } })).toBe('Changed: priority, dueAt');
    expect(auditSummary({ details: {} })).toBeNull();
    expect(auditActor({ actorName: null, actorLogin: 'x.admin' })).toBe('x.admin');
    expect(auditActor({ actorName: null, actorLogin: null })).toBe('System');
  });
});
