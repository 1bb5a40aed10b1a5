import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RegistrationCreatedPayload, RegistrationItemsCancelledPayload } from '@rayworks/contracts';
import { nextCase, type CaseLifecycleFacts } from '@rayworks/lifecycles';
import type { ChangeTx } from '@rayworks/nest-kit';
import { unworked, type CaseEntity } from '../cases/case.entity.js';
import { CASE_AUDIT_ACTIONS } from '../cases/case-audit.js';
import { CasesPublisher } from '../cases/cases.publisher.js';
import { CasesRepository } from '../cases/cases.repository.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { casePatientOf } from './front-desk-patient.js';

/** The system actions of the front desk's events (the case events' `action`). */
export const REGISTRATION_ACTIONS = {
  /** A radiology item of a registration opened its PENDING FOR SCAN case. */
  registered: 'REGISTRATION',
  /** The item was cancelled at the desk (CASE_SYSTEM_EVENTS). */
  cancelled: 'REGISTRATION_CANCELLED',
} as const;

/** Why a cancelled item's case stays (the audit entry's `kept`). */
const KEPT = {
  pastScan: 'the study arrived: the case is past PENDING FOR SCAN',
  referredTo: 'somebody wrote on the case (chat, history, rating or share)',
} as const;

/**
 * The worklist's side of the front desk (docs/decisions/0261, 0262), in the consumer's unit of work with the kit's
 * inbox entry:
 * - RegistrationCreated: one PENDING FOR SCAN case per RADIOLOGY item (LAB items are the LIMS's), the patient's MR
 *   number as its Patient ID, the item's accession number, modality and body part, the registration's centre and
 *   group. One case per item, ever: an item's second delivery meets the unique index and inserts nothing. The study
 *   arriving later fills the case through the intake's STUDY_ARRIVED path (matched by accession number, else Patient
 *   ID).
 * - RegistrationItemsCancelled: a RADIOLOGY item's case still PENDING FOR SCAN is removed (the machine's
 *   REGISTRATION_CANCELLED publishes CaseCancelled); a case past it, or one somebody wrote on, stays, and the
 *   cancellation is on its audit trail for a human.
 */
@Injectable()
export class RegistrationCasesService {
  private readonly logger = new Logger(RegistrationCasesService.name);

  constructor(
    @Inject(CasesRepository) private readonly cases: CasesRepository,
    @Inject(CasesPublisher) private readonly publisher: CasesPublisher,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  /** The cases a registration opens (none for a second delivery). */
  async registered(
    tx: ChangeTx,
    tenantId: string,
    r: RegistrationCreatedPayload,
    actorId: string | null,
  ): Promise<CaseEntity[]> {
    const items = r.items.filter((i) => i.kind === 'RADIOLOGY');
    if (items.length === 0) return [];
    const groupId = r.groupId ?? (await this.directory.centre(tx, r.centreId))?.groupId ?? null;
    const opened: CaseEntity[] = [];
    for (const item of items) {
      const modality = item.modality?.trim().toUpperCase() || null;
      const created = await this.cases.insertForRegistrationItem(tx, {
        tenantId,
        groupId,
        centreId: r.centreId,
        ...unworked(),
        status: 'PENDING FOR SCAN',
        workflowType: 'Center',
        ...casePatientOf(r.patient),
        accessionNumber: item.accessionNumber,
        studyInstanceUid: null,
        studyId: null,
        studyDescription: item.name,
        bodyPart: item.bodyPart,
        modality,
        modalities: modality ? [modality] : [],
        studyDate: null,
        seriesCount: 0,
        instanceCount: 0,
        seriesInstanceUids: null,
        parentCaseId: null,
        imagingState: null,
        priority: 'ROUTINE',
        legends: [],
        receivedAt: new Date(r.registeredAt),
        // due from the study's arrival (the registration has nothing to read yet)
        dueAt: null,
        registrationId: r.registrationId,
        registrationItemId: item.itemId,
        billingPatientId: r.patient.id,
        referringPhysician: r.referral?.name ?? null,
      });
      if (!created) continue;
      await this.publisher.publish(tx, 'CaseCreated', created, {
        action: REGISTRATION_ACTIONS.registered,
        previousStatus: null,
        actorId,
      });
      await tx.audit({
        action: CASE_AUDIT_ACTIONS.register,
        target: { type: 'case', id: created.id },
        details: {
          registrationId: r.registrationId,
          registrationNumber: r.registrationNumber,
          itemId: item.itemId,
          code: item.code,
          accessionNumber: item.accessionNumber,
        },
      });
      opened.push(created);
    }
    return opened;
  }

  /** The cancelled items' cases: removed while PENDING FOR SCAN, else kept and the cancellation recorded. */
  async cancelled(tx: ChangeTx, r: RegistrationItemsCancelledPayload, actorId: string | null): Promise<void> {
    const items = r.items.filter((i) => i.kind === 'RADIOLOGY');
    const rows = await this.cases.ofRegistrationItems(
      tx,
      items.map((i) => i.itemId),
    );
    if (rows.length < items.length)
      this.logger.warn(
        `registration ${r.registrationId}: ${items.length - rows.length} cancelled item(s) without a case`,
      );
    for (const row of rows) {
      const details = {
        registrationId: r.registrationId,
        itemId: row.registrationItemId,
        accessionNumber: row.accessionNumber,
        reason: r.reason,
      };
      const move = nextCase(factsOf(row), REGISTRATION_ACTIONS.cancelled);
      const removable = move.ok && move.eventType === 'CaseCancelled';
      if (removable && (await this.cases.deleteUnscanned(tx, row.id, row.version))) {
        await this.publisher.publish(
          tx,
          'CaseCancelled',
          // the case as it was, one version on: the last word on it
          { ...row, version: row.version + 1 },
          { action: REGISTRATION_ACTIONS.cancelled, previousStatus: row.status, actorId, reason: r.reason },
        );
        await tx.audit({
          action: CASE_AUDIT_ACTIONS.registrationCancelled,
          target: { type: 'case', id: row.id },
          details,
        });
        continue;
      }
      await tx.audit({
        action: CASE_AUDIT_ACTIONS.registrationCancelRefused,
        target: { type: 'case', id: row.id },
        details: { ...details, status: row.status, kept: removable ? KEPT.referredTo : KEPT.pastScan },
      });
    }
  }
}

/** The case's facts as the lifecycle reads them for a system event (nobody's reader or settings matter to it). */
const factsOf = (row: CaseEntity): CaseLifecycleFacts => ({
  status: row.status,
  workflowType: row.workflowType,
  fusionStatus: row.fusionStatus,
  onHold: row.onHold,
  recallRequested: row.recallRequestedAt !== null,
  radiologistId: row.radiologistId,
  typistId: row.typistId,
  imagingState: row.imagingState,
  parentCaseId: row.parentCaseId,
  settings: { requiresAcceptance: false, typistAssignment: 'MANUAL' },
});
