import { Injectable } from '@nestjs/common';
import { CASE_EVENTS, type CaseEventPayload, type CaseEventType } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import type { CaseEntity } from './case.entity.js';

/** What moved a case: the action (an action-table action, or a system one such as STUDY_ARRIVED), who, and why. */
export interface CaseChange {
  action: string;
  previousStatus: string | null;
  actorId: string | null;
  reason?: string | null;
}

/** The one payload of every case event: the case after the change, and the change. */
export function caseEventOf(row: CaseEntity, how: CaseChange): CaseEventPayload {
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

/** Writes a case's event to the outbox, in the unit of work of its change (key = case id). */
@Injectable()
export class CasesPublisher {
  async publish(tx: ChangeTx, type: CaseEventType, row: CaseEntity, how: CaseChange): Promise<void> {
    await tx.publish(CASE_EVENTS[type], row.id, caseEventOf(row, how));
  }
}
