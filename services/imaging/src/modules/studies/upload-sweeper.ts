import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, PeriodicSweeper, type SweepItemFields, UnitOfWork, type TenantScope } from '@rayworks/nest-kit';
import { IMAGING_ENV, type ImagingEnv } from '../../config/env.js';
import { ArchiveIngestService } from './archive-ingest.service.js';
import { ArchiveRepository } from './archive.repository.js';

/** The sweeper's listing context: row-level security shows it the CLOUD_UPLOADING studies of every company only. */
const SWEEPER_SCOPE: TenantScope = {
  tenantId: null,
  actor: { type: 'service', id: 'imaging.upload-sweeper' },
  user: null,
  rls: { userId: '', level: 'system' },
};
const BATCH = 100;

/**
 * Finishes abandoned uploads (docs/decisions/0204-abandoned-uploads.md): a STOW-RS request or an import whose
 * process died after indexing instances and before its finish leaves the study CLOUD_UPLOADING, with instances no
 * StudyImported counted. Every UPLOAD_SWEEP_SECONDS the API process lists the studies CLOUD_UPLOADING for longer
 * than UPLOAD_ABANDONED_AFTER_SECONDS (all companies, in the 'system' context) and finishes each, in its company's
 * unit of work, when it is still idle and no queued or running import holds instances of it — the same finish as
 * the upload's own: one StudyImported for what was not yet announced. Two processes may sweep at once: the study
 * row is locked (SKIP LOCKED) and re-checked, so one finishes it.
 */
type UploadingStudy = { tenantId: string; studyInstanceUid: string };

@Injectable()
export class UploadSweeper extends PeriodicSweeper<UploadingStudy> {
  protected readonly what = 'abandoned upload sweep';

  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ArchiveRepository) private readonly archive: ArchiveRepository,
    @Inject(ArchiveIngestService) private readonly ingest: ArchiveIngestService,
    @Inject(IMAGING_ENV) private readonly env: ImagingEnv,
    @Inject(LOGGER) protected readonly logger: Logger,
  ) {
    super();
  }

  protected intervalSeconds(): number {
    return this.env.UPLOAD_SWEEP_SECONDS;
  }

  protected due(): Promise<UploadingStudy[]> {
    const idle = this.env.UPLOAD_ABANDONED_AFTER_SECONDS;
    return this.uow.read(SWEEPER_SCOPE, (tx) => this.archive.uploadingStudies(tx, idle, BATCH));
  }

  protected handle(study: UploadingStudy): Promise<boolean> {
    return this.ingest.finishAbandoned(study.tenantId, study.studyInstanceUid, this.env.UPLOAD_ABANDONED_AFTER_SECONDS);
  }

  protected describe(study: UploadingStudy): SweepItemFields {
    return { ...study };
  }
}
