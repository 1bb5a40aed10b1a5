import { Inject, Injectable } from '@nestjs/common';
import type { Case } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import { DirectoryRepository, type DirectoryNames } from '../directory/directory.repository.js';
import type { CaseEntity } from './case.entity.js';
import { worklistStatusOf } from '@rayworks/lifecycles';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A case row as the API returns it (caseSchema), with the names of its centre, radiologist and typist. */
export function toCase(c: CaseEntity, names: DirectoryNames): Case {
  return {
    _id: c.id,
    version: c.version,
    status: c.status,
    worklistStatus: worklistStatusOf(c.status, c.imagingState),
    fusionStatus: c.fusionStatus,
    workflowType: c.workflowType,
    companyId: c.tenantId,
    groupId: c.groupId,
    centreId: c.centreId,
    centreName: c.centreId ? (names.centres.get(c.centreId) ?? null) : null,
    patientName: c.patientName,
    patientId: c.patientId,
    patientSex: c.patientSex,
    patientBirthDate: c.patientBirthDate,
    accessionNumber: c.accessionNumber,
    studyInstanceUid: c.studyInstanceUid,
    studyId: c.studyId,
    studyDescription: c.studyDescription,
    bodyPart: c.bodyPart,
    modality: c.modality,
    modalities: c.modalities,
    studyDate: c.studyDate,
    seriesCount: c.seriesCount,
    instanceCount: c.instanceCount,
    seriesInstanceUids: c.seriesInstanceUids,
    parentCaseId: c.parentCaseId,
    imagingState: c.imagingState,
    priority: c.priority,
    legends: c.legends,
    radiologistId: c.radiologistId,
    radiologistName: c.radiologistId ? (names.users.get(c.radiologistId) ?? null) : null,
    typistId: c.typistId,
    typistName: c.typistId ? (names.users.get(c.typistId) ?? null) : null,
    onHold: c.onHold,
    recallRequested: c.recallRequestedAt !== null,
    rejectReason: c.rejectReason,
    fusionCentreId: c.fusionCentreId,
    receivedAt: iso(c.receivedAt),
    dueAt: iso(c.dueAt),
    assignedAt: iso(c.assignedAt),
    completedAt: iso(c.completedAt),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Maps case rows to API cases, reading the names they need from the read models in one query each. */
@Injectable()
export class CaseMapper {
  constructor(@Inject(DirectoryRepository) private readonly directory: DirectoryRepository) {}

  async many(tx: ReadTx, rows: readonly CaseEntity[]): Promise<Case[]> {
    const names = await this.directory.names(
      tx,
      rows.flatMap((c) => [c.radiologistId, c.typistId]),
      rows.map((c) => c.centreId),
    );
    return rows.map((c) => toCase(c, names));
  }

  async one(tx: ReadTx, row: CaseEntity): Promise<Case> {
    return (await this.many(tx, [row]))[0]!;
  }
}
