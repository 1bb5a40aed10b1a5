import type { CaseEventPayload, WorklistStatus } from '@rayworks/contracts';
import type { CaseEntity } from '../cases/case.entity.js';

/** The payload of a case's event (one for every type: the case after the transition and what moved it). */
export function caseEventOf(
  row: CaseEntity,
  how: { action: string; previousStatus: string | null; actorId: string | null; reason?: string | null },
): CaseEventPayload {
  return {
    caseId: row.id,
    version: row.version,
    action: how.action,
    status: row.status,
    previousStatus: how.previousStatus,
    fusionStatus: row.fusionStatus,
    workflowType: row.workflowType,
    groupId: row.groupId,
    centreId: row.centreId,
    studyInstanceUid: row.studyInstanceUid,
    patientId: row.patientId,
    modality: row.modality,
    priority: row.priority,
    radiologistId: row.radiologistId,
    typistId: row.typistId,
    actorId: how.actorId,
    reason: how.reason ?? null,
    parentCaseId: row.parentCaseId,
    fusionCentreId: row.fusionCentreId,
  };
}

/** Temporary: the display status until libs/lifecycles' worklistStatusOf is merged. */
export function worklistStatusOfCase(row: CaseEntity): WorklistStatus {
  if (row.imagingState === 'CLOUD_UPLOADING') return 'Cloud Uploading';
  switch (row.status) {
    case 'PENDING FOR SCAN':
      return 'NOT_READY';
    case 'NEW':
    case 'REJECTED':
    case 'RECALLED':
      return 'NEW';
    case 'PENDING AT TYPIST':
      return 'TYPIST';
    case 'COMPLETED':
      return 'COMPLETED';
    default:
      return 'IN PROGRESS';
  }
}
