import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { imagingStorageKeys, type DownloadState, type JobPayload } from '@rayworks/contracts';
import { canDownloadMove } from '@rayworks/lifecycles';
import {
  jobCompany,
  JobProcessors,
  LOGGER,
  processor,
  RealtimeEmitter,
  StorageService,
  UnitOfWork,
  type JobContext,
  type TenantScope,
} from '@rayworks/nest-kit';
import type { DownloadEntity } from './download.entity.js';
import { RUNNING_DOWNLOAD_STATES } from './download-reuse.js';
import { DOWNLOAD_MESSAGES } from './downloads.errors.js';
import {
  DOWNLOAD_LINK_TTL_SECONDS,
  DOWNLOAD_ZIP_FRESH_SECONDS,
  zipEntryName,
  zipFileName,
} from './downloads.policy.js';
import { DownloadsRepository, type DownloadPatch, type StudyInstanceFile } from './downloads.repository.js';
import { StudyZipWriter } from './study-zip.writer.js';

/** A move the download machine refuses, or a row that another writer moved first: a bug, never a user's error. */
export class DownloadMoveRefused extends Error {
  constructor(id: string, from: DownloadState, to: DownloadState) {
    super(`download ${id} cannot move from ${from} to ${to}`);
    this.name = 'DownloadMoveRefused';
  }
}

/** Which failure ends a download interrupted in a state (its phase: reading or zipping; ZIP_DONE is resumed). */
const failureOf = (state: DownloadState): DownloadState =>
  state === 'DWN_INIT' || state === 'DWN_STRT' ? 'DWN_FAIL' : 'ZIP_FAIL';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The imaging.study-download job (JOBS.imagingStudyDownload): zips one study of the archive into the object store,
 * moving its download DWN_INIT → DWN_STRT (checking every instance is in the store as indexed) → DWN_DONE → ZIP_STRT
 * (streaming the instances into the zip) → ZIP_DONE (stored) → READY (with a short-lived link), or DWN_FAIL /
 * ZIP_FAIL with a clear error (docs/decisions/0107). Each state is saved first — only as the download machine
 * (libs/lifecycles) allows — and then pushed as `imaging:download-state` to the requester's user room.
 */
@Injectable()
export class StudyDownloadProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(DownloadsRepository) private readonly downloads: DownloadsRepository,
    @Inject(StudyZipWriter) private readonly zips: StudyZipWriter,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(RealtimeEmitter) private readonly realtime: RealtimeEmitter,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('imagingStudyDownload', (payload, context) => this.process(payload, context), { concurrency: 2 }),
    );
  }

  async process({ downloadId }: JobPayload<'imagingStudyDownload'>, { meta, job }: JobContext): Promise<void> {
    const scope = jobCompany('imagingStudyDownload', meta);
    const row = await this.uow.read(scope, (tx) => this.downloads.findDownload(tx, downloadId));
    if (!row) {
      this.logger.warn({ jobId: job.id, downloadId }, 'download not found: nothing to do');
      return;
    }
    if (row.state === 'ZIP_DONE') {
      // Taken again after its worker died once the zip was stored: only the link is missing.
      await this.ready(scope, row);
      return;
    }
    if (row.state !== 'DWN_INIT') {
      // Taken again after its worker died mid-way: the download ends in its phase's failure, to be retried.
      if (RUNNING_DOWNLOAD_STATES.includes(row.state))
        await this.move(scope, row, failureOf(row.state), { error: DOWNLOAD_MESSAGES.interrupted });
      return;
    }

    let current = await this.move(scope, row, 'DWN_STRT');
    const instances = await this.uow.read(scope, (tx) => this.downloads.instancesOf(tx, current.studyId));
    const unreadable = await this.check(instances);
    if (unreadable) {
      await this.move(scope, current, 'DWN_FAIL', { error: unreadable });
      return;
    }
    current = await this.move(scope, current, 'DWN_DONE', {
      instanceCount: instances.length,
      instancesBytes: instances.reduce((sum, i) => sum + i.sizeBytes, 0),
    });

    current = await this.move(scope, current, 'ZIP_STRT');
    const zipKey = imagingStorageKeys.downloadZip(current.tenantId, current.id);
    let sizeBytes: number;
    try {
      sizeBytes = await this.zips.write(
        zipKey,
        instances.map((i) => ({
          name: zipEntryName(current.studyInstanceUid, i.seriesInstanceUid, i.sopInstanceUid),
          storageKey: i.storageKey,
          sizeBytes: i.sizeBytes,
          compress: !i.pixelDataEncapsulated,
        })),
      );
    } catch (error) {
      this.logger.error({ err: error, downloadId }, 'zip failed');
      await this.storage.delete(zipKey).catch(() => undefined);
      await this.move(scope, current, 'ZIP_FAIL', { error: DOWNLOAD_MESSAGES.zipFailed(reason(error)) });
      return;
    }
    current = await this.move(scope, current, 'ZIP_DONE', { zipKey, sizeBytes });
    await this.ready(scope, current);
    this.logger.info({ downloadId, instances: instances.length, sizeBytes }, 'study zip ready');
  }

  /** ZIP_DONE → READY: the zip is fresh from now on for DOWNLOAD_ZIP_FRESH_SECONDS. */
  private ready(scope: TenantScope, download: DownloadEntity): Promise<DownloadEntity> {
    return this.move(scope, download, 'READY', {
      expiresAt: new Date(Date.now() + DOWNLOAD_ZIP_FRESH_SECONDS * 1000),
    });
  }

  /** Why the instances cannot be read, or null: none, one missing from the store, one not of its indexed size. */
  private async check(instances: StudyInstanceFile[]): Promise<string | null> {
    if (instances.length === 0) return DOWNLOAD_MESSAGES.noInstances;
    try {
      const problem = await this.zips.findProblem(instances);
      if (!problem) return null;
      const instance = instances.find((i) => i.storageKey === problem.key)!;
      return problem.problem === 'missing'
        ? DOWNLOAD_MESSAGES.missingInstance(instance.sopInstanceUid, instance.seriesInstanceUid)
        : DOWNLOAD_MESSAGES.changedInstance(instance.sopInstanceUid, instance.seriesInstanceUid);
    } catch (error) {
      return DOWNLOAD_MESSAGES.readFailed(reason(error));
    }
  }

  /** Saves a move the machine allows, then pushes the new state to the requester (after the commit). */
  private async move(
    scope: TenantScope,
    download: DownloadEntity,
    to: DownloadState,
    patch: DownloadPatch = {},
  ): Promise<DownloadEntity> {
    if (!canDownloadMove(download.state, to)) throw new DownloadMoveRefused(download.id, download.state, to);
    const taken = download.state === 'DWN_INIT' ? { ...download, state: download.state } : null;
    const moved = await this.uow.change(scope, async (tx) => {
      const row = await this.downloads.move(tx, download.id, download.state, to, patch);
      if (!row) throw new DownloadMoveRefused(download.id, download.state, to);
      return row;
    });
    // The DWN_INIT this worker took up is announced first (the API only answers it over HTTP), then the move.
    if (taken) await this.announce(taken);
    await this.announce(moved);
    return moved;
  }

  /**
   * Pushes a download's state to its requester (with the link once READY). Every state is pushed by this worker,
   * DWN_INIT included (the API answers it over HTTP and pushes nothing), so they arrive in order: one process
   * publishing one after another on one Redis connection.
   */
  private async announce(
    download: Pick<DownloadEntity, 'id' | 'studyInstanceUid' | 'state' | 'zipKey' | 'error' | 'requestedBy'>,
  ): Promise<void> {
    const url =
      download.state === 'READY' && download.zipKey
        ? await this.storage.presignGet(download.zipKey, DOWNLOAD_LINK_TTL_SECONDS, {
            downloadName: zipFileName(download.studyInstanceUid),
          })
        : null;
    this.realtime.toUser(download.requestedBy, 'imaging:download-state', {
      downloadId: download.id,
      studyInstanceUid: download.studyInstanceUid,
      state: download.state,
      url,
      error: download.error,
    });
  }
}
