import { describe, expect, it } from '@jest/globals';
import { WORKLIST, type Case, type PermissionConfig } from '@rayworks/contracts';
import {
  actionKind,
  confirmText,
  personName,
  REASON_ACTIONS,
  rowActions,
  worklistPrivilegesOf,
} from './worklist-actions';

const ME = '0190d1a2-3b4c-7d5e-8f60-000000000001';
const row = (over: Partial<Case> = {}): Case => ({
  _id: '0190d1a2-3b4c-7d5e-8f60-0000000000aa',
  version: 1,
  status: 'NEW',
  worklistStatus: 'NEW',
  fusionStatus: null,
  workflowType: 'Center',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  groupId: null,
  centreId: null,
  centreName: null,
  patientName: 'DOE^JANE',
  patientId: 'P1',
  patientSex: null,
  patientBirthDate: null,
  accessionNumber: null,
  studyInstanceUid: '1.2.3',
  studyId: null,
  studyDescription: null,
  bodyPart: null,
  referringPhysician: null,
  modality: 'CT',
  modalities: ['CT'],
  studyDate: null,
  seriesCount: 1,
  instanceCount: 1,
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
  receivedAt: null,
  dueAt: null,
  assignedAt: null,
  completedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});
const all = Object.values(WORKLIST);

describe('a worklist row offers what the lifecycle allows', () => {
  it('an admin assigns a NEW case; a radiologist does nothing with it', () => {
    expect(rowActions({ userId: ME, roleCodes: ['CENTER_ADMIN'], privileges: all }, row())).toContain('ASSIGN');
    const radiologist = rowActions({ userId: ME, roleCodes: ['CENTER_RADIOLOGIST'], privileges: all }, row());
    expect(radiologist).not.toContain('ASSIGN');
    expect(radiologist).not.toContain('ACCEPT');
  });

  it('the radiologist accepts or rejects their case pending acceptance, not another radiologist', () => {
    const pending = row({ status: 'PENDING FOR ACCEPTANCE', radiologistId: ME });
    const mine = rowActions({ userId: ME, roleCodes: ['CENTER_RADIOLOGIST'], privileges: all }, pending);
    expect(mine).toEqual(expect.arrayContaining(['ACCEPT', 'REJECT']));
    const other = rowActions(
      { userId: '0190d1a2-3b4c-7d5e-8f60-000000000002', roleCodes: ['CENTER_RADIOLOGIST'], privileges: all },
      pending,
    );
    expect(other).not.toContain('ACCEPT');
  });

  it('the radiologist sends their case in progress to the transcriptionist, unless it is on hold', () => {
    const actor = { userId: ME, roleCodes: ['CENTER_RADIOLOGIST'], privileges: all };
    expect(rowActions(actor, row({ status: 'IN PROGRESS', radiologistId: ME }))).toContain('SEND_TO_TYPIST');
    expect(rowActions(actor, row({ status: 'IN PROGRESS', radiologistId: ME, onHold: true }))).not.toContain(
      'SEND_TO_TYPIST',
    );
  });

  it('without the privilege the action is not offered', () => {
    expect(rowActions({ userId: ME, roleCodes: ['CENTER_ADMIN'], privileges: ['VIEW'] }, row())).not.toContain(
      'ASSIGN',
    );
  });
});

describe('how the console carries an action out', () => {
  it('assign opens the assign page, moves are worklist updates, the viewer is not there yet', () => {
    const centre = { workflowType: 'Center', fusionStatus: null } as const;
    expect(actionKind(centre, 'ASSIGN')).toBe('assign');
    expect(actionKind(centre, 'REASSIGN')).toBe('assign');
    expect(actionKind(centre, 'ACCEPT')).toBe('update');
    expect(actionKind(centre, 'SEND_TO_TYPIST')).toBe('update');
    expect(actionKind(centre, 'COMPLETE')).toBe('report');
    expect(actionKind(centre, 'TRANSCRIBE')).toBe('report');
    expect(actionKind(centre, 'ADDENDUM')).toBe('report');
    expect(actionKind(centre, 'GO_TO_CASE')).toBe('viewer');
    expect(actionKind(centre, 'SPLIT')).toBe('later');
    // a completed case's report goes out from the row: mailed, or its PDF to download or print
    expect(actionKind(centre, 'MAIL')).toBe('mail');
    expect(actionKind(centre, 'DOWNLOAD')).toBe('pdf');
    expect(actionKind(centre, 'PRINT')).toBe('pdf');
    expect(actionKind(centre, 'OFFER_TO_MARKETPLACE')).toBe('update');
    expect(actionKind(centre, 'SEND_TO_FUSION')).toBe('update');
    expect(actionKind({ workflowType: 'Marketplace', fusionStatus: null }, 'ACCEPT')).toBe('update');
    expect(actionKind({ workflowType: 'Center', fusionStatus: 'NEW' }, 'ASSIGN')).toBe('assign');
  });

  it('reject and recall need a reason', () => {
    expect(REASON_ACTIONS.REJECT).toBe('required');
    expect(REASON_ACTIONS.RECALL).toBe('required');
    expect(REASON_ACTIONS.ACCEPT).toBeUndefined();
  });

  it('names the patient as people read it', () => {
    expect(personName('DOE^JANE')).toBe('DOE JANE');
    expect(confirmText('ACCEPT', row())).toContain('DOE JANE');
  });

  it('reads the WORKLIST codes of module PACS only', () => {
    const config: PermissionConfig = [
      { module: 'PACS', submodules: [{ type: 'WORKLIST', privileges: [{ code: 'view' }, { code: 'ASSIGN' }] }] },
      { module: 'OTHERS', submodules: [{ type: 'USER', privileges: [{ code: 'CREATE' }] }] },
    ];
    expect(worklistPrivilegesOf(config)).toEqual(['VIEW', 'ASSIGN']);
    expect(worklistPrivilegesOf(null)).toEqual([]);
  });
});
