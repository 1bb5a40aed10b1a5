import { Inject, Injectable } from '@nestjs/common';
import type { CentreSettings, EventEnvelope, StudyImportedPayload } from '@rayworks/contracts';
import { inEventContext, type ChangeTx } from '@rayworks/nest-kit';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { CentreSettingsService } from '../settings/centre-settings.service.js';
import { unworked, type CaseEntity, type NewCase } from './case.entity.js';
import { CASE_AUDIT_ACTIONS } from './case-audit.js';
import { dueAtOf } from './case-times.js';
import { CasesPublisher } from './cases.publisher.js';
import { CasesRepository } from './cases.repository.js';

/** The system action of a study arriving (events' `action`). */
export const STUDY_ARRIVED = 'STUDY_ARRIVED';

/** A study arriving: imaging's StudyImported payload, when it happened, and the event it came in. */
export interface StudyArrival {
  study: StudyImportedPayload;
  at: Date;
  /** The StudyImported event: the events of its case carry its correlation id. */
  event: Pick<EventEnvelope, 'correlationId' | 'tenantId'>;
}

type StudyMatch = Pick<StudyImportedPayload, 'patientId' | 'accessionNumber' | 'centreId'>;

/**
 * The PENDING FOR SCAN registration a study arriving fills in, of those still free (`candidates`, the oldest first):
 * by accession number first, else by patient ID; of the study's centre first; the oldest. Null: none matches.
 */
export function pendingRegistrationFor(candidates: readonly CaseEntity[], study: StudyMatch): CaseEntity | null {
  const accession = study.accessionNumber || null;
  const patientId = study.patientId || null;
  const rank = (c: CaseEntity) =>
    (accession && c.accessionNumber !== accession ? 2 : 0) + (study.centreId && c.centreId !== study.centreId ? 1 : 0);
  let best: CaseEntity | null = null;
  for (const c of candidates) {
    const matches = (accession && c.accessionNumber === accession) || (patientId && c.patientId === patientId);
    if (matches && (!best || rank(c) < rank(best))) best = c;
  }
  return best;
}

/**
 * Studies arriving (imaging's StudyImported) become cases, in the consumer's unit of work with their events and
 * audit entries (docs/decisions/0113-case-model.md), set-based for a batch of them (docs/decisions/0324):
 * - the study already has its case (delivered twice, or imported again): the counts are brought up to date
 *   (CaseStudyUpdated) when they changed, else nothing happens;
 * - a PENDING FOR SCAN registration of the company matches it by accession number or patient ID: it is filled
 *   in and becomes NEW (CaseMatched); studies take registrations in their order, each registration once;
 * - else a NEW case (CaseCreated); the new cases of a batch are one INSERT. Two deliveries racing meet at the unique
 *   index (one per study): the loser's transaction fails, the consumer applies its events again, and finds the case.
 * A study that comes twice in one batch is taken in a later round than its first arrival, so it finds that case.
 */
@Injectable()
export class CaseIntakeService {
  constructor(
    @Inject(CasesRepository) private readonly cases: CasesRepository,
    @Inject(CasesPublisher) private readonly publisher: CasesPublisher,
    @Inject(CentreSettingsService) private readonly settings: CentreSettingsService,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  /** The studies of one company, in the order they arrived. */
  async studiesImported(tx: ChangeTx, tenantId: string, arrivals: readonly StudyArrival[]): Promise<void> {
    let rest = arrivals;
    while (rest.length > 0) {
      const round = new Map<string, StudyArrival>();
      const later: StudyArrival[] = [];
      for (const a of rest) {
        if (round.has(a.study.studyInstanceUid)) later.push(a);
        else round.set(a.study.studyInstanceUid, a);
      }
      await this.round(tx, tenantId, [...round.values()]);
      rest = later;
    }
  }

  /** Studies each once: their cases, the registrations they fill, the new cases, then the events in their order. */
  private async round(tx: ChangeTx, tenantId: string, arrivals: readonly StudyArrival[]): Promise<void> {
    const existing = new Map(
      (
        await this.cases.findByStudies(
          tx,
          arrivals.map((a) => a.study.studyInstanceUid),
        )
      ).map((c) => [c.studyInstanceUid!, c]),
    );
    const arriving = arrivals.filter((a) => !existing.has(a.study.studyInstanceUid));
    const free = await this.cases.pendingForScanOf(
      tx,
      arriving.map((a) => a.study),
    );
    const claimed = new Map<StudyArrival, CaseEntity>();
    const fresh: StudyArrival[] = [];
    for (const a of arriving) {
      const registration = pendingRegistrationFor(free, a.study);
      if (!registration) fresh.push(a);
      else {
        claimed.set(a, registration);
        free.splice(free.indexOf(registration), 1);
      }
    }
    const centreIds = [...[...claimed.values()].map((r) => r.centreId), ...fresh.map((a) => a.study.centreId)].filter(
      (id): id is string => id !== null,
    );
    const settings = await this.settings.ofMany(tx, centreIds);
    const centres = new Map(
      (await this.directory.centres(tx, [...new Set(fresh.flatMap((a) => a.study.centreId ?? []))]))
        .filter((c) => c.kind === 'centre')
        .map((c) => [c.id, c]),
    );
    const created = new Map<StudyArrival, CaseEntity>();
    const rows = fresh.map((a) =>
      this.newCase(tenantId, a, centres.get(a.study.centreId ?? '')?.groupId ?? null, settings),
    );
    (await this.cases.insertMany(tx, rows)).forEach((row, i) => created.set(fresh[i]!, row));

    for (const a of arrivals) {
      await inEventContext(a.event, async () => {
        const found = existing.get(a.study.studyInstanceUid);
        const registration = claimed.get(a);
        if (found) await this.updateCounts(tx, found, a.study);
        else if (registration) await this.fill(tx, registration, a, settings);
        else await this.opened(tx, created.get(a)!, a.study);
      });
    }
  }

  /** The study's fields of a case. */
  private studyFields(study: StudyImportedPayload) {
    return {
      studyInstanceUid: study.studyInstanceUid,
      studyId: study.studyId,
      modality: study.modality.toUpperCase() || null,
      modalities: study.modalities,
      studyDate: study.studyDate,
      seriesCount: study.seriesCount,
      instanceCount: study.instanceCount,
      imagingState: 'IMPORTED' as const,
    };
  }

  /** The study's case exists: its counts brought up to date when they changed (CaseStudyUpdated). */
  private async updateCounts(tx: ChangeTx, existing: CaseEntity, study: StudyImportedPayload): Promise<void> {
    if (
      existing.seriesCount === study.seriesCount &&
      existing.instanceCount === study.instanceCount &&
      sameList(existing.modalities, study.modalities)
    )
      return;
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
  }

  /** A PENDING FOR SCAN registration filled in by the study: NEW (CaseMatched). */
  private async fill(
    tx: ChangeTx,
    registration: CaseEntity,
    { study, at }: StudyArrival,
    settings: ReadonlyMap<string, CentreSettings>,
  ): Promise<void> {
    const studyFields = this.studyFields(study);
    const modality = registration.modality ?? studyFields.modality;
    const matched = (await this.cases.updateIfVersion(tx, registration.id, registration.version, {
      ...studyFields,
      status: 'NEW',
      // The registration's patient and accession stay (the centre typed them); the study fills what it lacks.
      accessionNumber: registration.accessionNumber ?? study.accessionNumber,
      studyDescription: registration.studyDescription ?? (study.studyDescription || null),
      bodyPart: registration.bodyPart ?? bodyPartOf(study),
      referringPhysician: registration.referringPhysician ?? (study.referringPhysicianName?.trim() || null),
      patientSex: registration.patientSex ?? (study.patientSex || null),
      patientBirthDate: registration.patientBirthDate ?? (study.patientBirthDate || null),
      modality,
      receivedAt: at,
      dueAt: dueAtOf(at, registration.priority, modality, settingsOf(settings, registration.centreId)),
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
  }

  /** The row of a NEW case of a study (`groupId`: its centre's group, when the study names none). */
  private newCase(
    tenantId: string,
    { study, at }: StudyArrival,
    centreGroupId: string | null,
    settings: ReadonlyMap<string, CentreSettings>,
  ): NewCase {
    const studyFields = this.studyFields(study);
    return {
      tenantId,
      ...studyFields,
      groupId: study.groupId ?? centreGroupId,
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
      bodyPart: bodyPartOf(study),
      referringPhysician: study.referringPhysicianName?.trim() || null,
      seriesInstanceUids: null,
      parentCaseId: null,
      priority: 'ROUTINE',
      legends: [],
      receivedAt: at,
      dueAt: dueAtOf(at, 'ROUTINE', studyFields.modality, settingsOf(settings, study.centreId)),
    };
  }

  /** A new case's event and audit entry (CaseCreated). */
  private async opened(tx: ChangeTx, created: CaseEntity, study: StudyImportedPayload): Promise<void> {
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
  }
}

/** The study's Body Part Examined, upper-cased as templates name it; null when the header has none. */
const bodyPartOf = (study: StudyImportedPayload): string | null => study.bodyPart?.trim().toUpperCase() || null;

const settingsOf = <T>(settings: ReadonlyMap<string, T>, centreId: string | null): T | null =>
  centreId ? (settings.get(centreId) ?? null) : null;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
