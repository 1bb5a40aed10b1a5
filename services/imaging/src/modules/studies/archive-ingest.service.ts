import { Inject, Injectable } from '@nestjs/common';
import { imagingStorageKeys, StudyImportedV1, type EventActor } from '@rayworks/contracts';
import { hasDicmMarker, IMPORT_MESSAGES, zeroPreamble } from '@rayworks/dicom';
import { StorageService, UnitOfWork, type TenantScope } from '@rayworks/nest-kit';
import { ArchiveRepository, SeriesOfAnotherStudyError, type IndexedInstance } from './archive.repository.js';
import { HeaderParser } from './header-parser.js';

/** Whom an ingest works for: the tenant, the group and centre the studies are imported for, the import, the user. */
export interface IngestScope {
  tenantId: string;
  groupId: string | null;
  centreId: string | null;
  /** The import (imaging.imports.id, or a STOW-RS request's own id): what it added is known by it. */
  importId: string;
  userId: string | null;
}

/** What became of one file: stored now, already in the archive (nothing written), or refused with a clear reason. */
export type IngestOutcome =
  | ({ kind: 'stored' } & IndexedInstance)
  | ({ kind: 'existing' } & IndexedInstance)
  | { kind: 'refused'; reason: string };

/** Why a file without the DICM marker is refused (the spec's 'Error parsing DICOM file.' with what is wrong). */
export const NOT_DICOM_REASON = `${IMPORT_MESSAGES.parseError} Not a DICOM file: no DICM marker at byte 128.`;

const refused = (detail: string): IngestOutcome => ({
  kind: 'refused',
  reason: `${IMPORT_MESSAGES.parseError} ${detail}`,
});

/**
 * The one way an instance enters the archive (zip import and STOW-RS; docs/decisions/0098-zip-import.md):
 * - `ingest`: the DICM marker, then the header parsed in a thread with a time limit; a valid UID set; the 128-byte
 *   preamble zeroed (CVE-2019-11687); the object stored at `tenants/{t}/studies/{Study}/{Series}/{SOP}.dcm`; its
 *   study, series and instance rows indexed in one unit of work, the study CLOUD_UPLOADING. Idempotent by SOP
 *   Instance UID: an instance already indexed is neither stored nor indexed again ('existing'), so a retried or
 *   resumed import ends with the same archive.
 * - `finish`: one unit of work: the totals of the studies recomputed, the studies IMPORTED, and one StudyImported
 *   event for each study that gained instances in this import (recorded per import and study, so a finish that
 *   runs twice publishes once).
 * - `discard`: removes what an import added (objects and rows), for an import that must leave nothing behind.
 */
@Injectable()
export class ArchiveIngestService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ArchiveRepository) private readonly archive: ArchiveRepository,
    @Inject(HeaderParser) private readonly parser: HeaderParser,
  ) {}

  async ingest(scope: IngestScope, bytes: Uint8Array, sourceName?: string): Promise<IngestOutcome> {
    void sourceName; // named in the caller's report of a refused file
    if (!hasDicmMarker(bytes)) return { kind: 'refused', reason: NOT_DICOM_REASON };
    const parsed = await this.parser.parse(bytes);
    if (!parsed.ok) return refused(parsed.detail);
    const header = parsed.instance;
    const identity: IndexedInstance = {
      studyInstanceUid: header.studyInstanceUid,
      seriesInstanceUid: header.seriesInstanceUid,
      sopInstanceUid: header.sopInstanceUid,
      sopClassUid: header.sopClassUid,
    };
    const known = await this.uow.read({ tenantId: scope.tenantId }, (tx) =>
      this.archive.findInstance(tx, header.sopInstanceUid),
    );
    if (known) return { kind: 'existing', ...known };
    zeroPreamble(bytes);
    const storageKey = imagingStorageKeys.instance(
      scope.tenantId,
      header.studyInstanceUid,
      header.seriesInstanceUid,
      header.sopInstanceUid,
    );
    await this.storage.put(
      storageKey,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      'application/dicom',
    );
    try {
      const stored = await this.uow.change(this.unitScope(scope), (tx) =>
        this.archive.indexInstance(tx, {
          tenantId: scope.tenantId,
          groupId: scope.groupId,
          centreId: scope.centreId,
          importId: scope.importId,
          storageKey,
          sizeBytes: bytes.byteLength,
          header,
        }),
      );
      // Lost a race with another import of the same instance: the object written is the same instance's.
      return { kind: stored ? 'stored' : 'existing', ...identity };
    } catch (error) {
      if (error instanceof SeriesOfAnotherStudyError) return refused(error.message);
      throw error;
    }
  }

  async finish(scope: IngestScope, studyInstanceUids: string[]): Promise<void> {
    const uids = [...new Set(studyInstanceUids)].sort();
    await this.uow.change(this.unitScope(scope), async (tx) => {
      await this.archive.completeStudies(tx, uids);
      const added = await this.archive.addedByImport(tx, scope.importId);
      for (const study of await this.archive.finishedStudies(tx, uids)) {
        const instancesAdded = added.get(study.studyInstanceUid) ?? 0;
        if (instancesAdded === 0) continue;
        if (!(await this.archive.markFinished(tx, scope.importId, study.studyInstanceUid, instancesAdded))) continue;
        await tx.publish(StudyImportedV1, study.studyInstanceUid, {
          studyInstanceUid: study.studyInstanceUid,
          groupId: study.groupId,
          centreId: study.centreId,
          patientName: study.patientName,
          patientId: study.patientId,
          accessionNumber: study.accessionNumber,
          studyId: study.studyId,
          modality: await this.archive.firstModality(tx, study.id),
          modalities: study.modalities,
          studyDate: study.studyDate,
          studyDescription: study.studyDescription,
          patientSex: study.patientSex,
          patientBirthDate: study.patientBirthDate,
          seriesCount: study.seriesCount,
          instanceCount: study.instanceCount,
          instancesAdded,
        });
      }
    });
  }

  /**
   * Removes everything this import added to the archive: its objects, its instance rows, and the series and
   * studies left empty (instances other imports stored stay). Objects go first; a failure leaves rows that a
   * second discard removes.
   */
  async discard(scope: IngestScope): Promise<void> {
    const keys = await this.uow.read({ tenantId: scope.tenantId }, (tx) =>
      this.archive.storageKeysOfImport(tx, scope.importId),
    );
    for (const key of keys) await this.storage.delete(key);
    await this.uow.change(this.unitScope(scope), (tx) => this.archive.removeImport(tx, scope.importId));
  }

  private unitScope(scope: IngestScope): TenantScope {
    const actor: EventActor = scope.userId
      ? { type: 'user', id: scope.userId }
      : { type: 'service', id: 'imaging.ingest' };
    return { tenantId: scope.tenantId, actor };
  }
}
