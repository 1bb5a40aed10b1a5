import type { Case } from '@rayworks/contracts';
import type { CaseEntity } from '../cases/case.entity.js';
import { worklistStatusOfCase } from './case-event.js';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** TEMPORARY: the case as the API shows it, until core's mapper (with the read models' names) is merged. */
export function toCase(row: CaseEntity): Case {
  return {
    _id: row.id,
    version: row.version,
    status: row.status,
    worklistStatus: worklistStatusOfCase(row),
    fusionStatus: row.fusionStatus,
    workflowType: row.workflowType,
    groupId: row.groupId,
    centreId: row.centreId,
    centreName: null,
    patientName: row.patientName,
    patientId: row.patientId,
    patientSex: row.patientSex,
    patientBirthDate: row.patientBirthDate,
    accessionNumber: row.accessionNumber,
    studyInstanceUid: row.studyInstanceUid,
    studyId: row.studyId,
    studyDescription: row.studyDescription,
    bodyPart: row.bodyPart,
    modality: row.modality,
    modalities: row.modalities,
    studyDate: row.studyDate,
    seriesCount: row.seriesCount,
    instanceCount: row.instanceCount,
    seriesInstanceUids: row.seriesInstanceUids,
    parentCaseId: row.parentCaseId,
    imagingState: row.imagingState,
    priority: row.priority,
    legends: row.legends,
    radiologistId: row.radiologistId,
    radiologistName: null,
    typistId: row.typistId,
    typistName: null,
    onHold: row.onHold,
    recallRequested: row.recallRequestedAt !== null,
    rejectReason: row.rejectReason,
    fusionCentreId: row.fusionCentreId,
    receivedAt: iso(row.receivedAt),
    dueAt: iso(row.dueAt),
    assignedAt: iso(row.assignedAt),
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
