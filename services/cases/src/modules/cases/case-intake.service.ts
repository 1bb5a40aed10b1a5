import { Inject, Injectable } from '@nestjs/common';
import type { StudyImportedPayload } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { CentreSettingsService } from '../settings/centre-settings.service.js';
import { unworked, type CaseEntity } from './case.entity.js';
import { CASE_AUDIT_ACTIONS } from './case-audit.js';
import { dueAtOf } from './case-times.js';
import { CasesPublisher } from './cases.publisher.js';
import { CasesRepository } from './cases.repository.js';

/** The system action of a study arriving (events' `action`). */
export const STUDY_ARRIVED = 'STUDY_ARRIVED';

/**
 * A study arriving (imaging's StudyImported) becomes a case, in the consumer's unit of work with its event and
 * audit entry (docs/decisions/0113-case-model.md):
 * - the study already has its case (delivered twice, or imported again): the counts are brought up to date
 *   (CaseStudyUpdated) when they changed, else nothing happens;
 * - a PENDING FOR SCAN registration of the company matches it by accession number or patient ID: it is filled
 *   in and becomes NEW (CaseMatched);
 * - else a NEW case (CaseCreated). Two deliveries racing meet at the unique index (one per study): the loser's
 *   transaction fails, the consumer retries it, and the retry finds the case.
 */
@Injectable()
export class CaseIntakeService {
  constructor(
    @Inject(CasesRepository) private readonly cases: CasesRepository,
    @Inject(CasesPublisher) private readonly publisher: CasesPublisher,
    @Inject(CentreSettingsService) private readonly settings: CentreSettingsService,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  async studyImported(tx: ChangeTx, tenantId: string, study: StudyImportedPayload, at: Date): Promise<CaseEntity> {
    const studyFields = {
      studyInstanceUid: study.studyInstanceUid,
      studyId: study.studyId,
      modality: study.modality.toUpperCase() || null,
      modalities: study.modalities,
      studyDate: study.studyDate,
      seriesCount: study.seriesCount,
      instanceCount: study.instanceCount,
      imagingState: 'IMPORTED' as const,
    };

    const existing = await this.cases.findByStudy(tx, study.studyInstanceUid);
    if (existing) {
      if (
        existing.seriesCount === study.seriesCount &&
        existing.instanceCount === study.instanceCount &&
        sameList(existing.modalities, study.modalities)
      )
        return existing;
      const updated = (await this.cases.updateIfVersion(tx, existing.id, existing.version, {
        seriesCount: study.seriesCount,
        instanceCount: study.instanceCount,
        modalities: study.modalities,
        imagingState: 'IMPORTED',
      }))!;
      await this.publisher.publish(tx, 'CaseStudyUpdated', updated, {
        action: STUDY_ARRIVED,
        previousStatus: existing.status,
        actorId: null,
      });
      await tx.audit({
        action: CASE_AUDIT_ACTIONS.studyUpdate,
        target: { type: 'case', id: updated.id },
        details: { instancesAdded: study.instancesAdded, instanceCount: study.instanceCount },
      });
      return updated;
    }

    const registration = await this.cases.findPendingForScan(tx, study);
    if (registration) {
      const settings = await this.settings.of(tx, registration.centreId);
      const matched = (await this.cases.updateIfVersion(tx, registration.id, registration.version, {
        ...studyFields,
        status: 'NEW',
        // The registration's patient and accession stay (the centre typed them); the study fills what it lacks.
        accessionNumber: registration.accessionNumber ?? study.accessionNumber,
        studyDescription: registration.studyDescription ?? (study.studyDescription || null),
        patientSex: registration.patientSex ?? (study.patientSex || null),
        patientBirthDate: registration.patientBirthDate ?? (study.patientBirthDate || null),
        modality: registration.modality ?? studyFields.modality,
        receivedAt: at,
        dueAt: dueAtOf(at, registration.priority, registration.modality ?? studyFields.modality, settings),
      }))!;
      await this.publisher.publish(tx, 'CaseMatched', matched, {
        action: STUDY_ARRIVED,
        previousStatus: registration.status,
        actorId: null,
      });
      await tx.audit({
        action: CASE_AUDIT_ACTIONS.match,
        target: { type: 'case', id: matched.id },
        details: { studyInstanceUid: study.studyInstanceUid },
      });
      return matched;
    }

    const centre = study.centreId ? await this.directory.centre(tx, study.centreId) : null;
    const settings = await this.settings.of(tx, study.centreId);
    const created = await this.cases.insert(tx, {
      tenantId,
      ...studyFields,
      groupId: study.groupId ?? centre?.groupId ?? null,
      centreId: study.centreId,
      ...unworked(),
      status: 'NEW',
      workflowType: 'Center',
      patientName: study.patientName,
      patientId: study.patientId,
      patientSex: study.patientSex || null,
      patientBirthDate: study.patientBirthDate || null,
      accessionNumber: study.accessionNumber,
      studyDescription: study.studyDescription || null,
      bodyPart: null,
      seriesInstanceUids: null,
      parentCaseId: null,
      priority: 'ROUTINE',
      legends: [],
      receivedAt: at,
      dueAt: dueAtOf(at, 'ROUTINE', studyFields.modality, settings),
    });
    await this.publisher.publish(tx, 'CaseCreated', created, {
      action: STUDY_ARRIVED,
      previousStatus: null,
      actorId: null,
    });
    await tx.audit({
      action: CASE_AUDIT_ACTIONS.create,
      target: { type: 'case', id: created.id },
      details: { studyInstanceUid: study.studyInstanceUid },
    });
    return created;
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
