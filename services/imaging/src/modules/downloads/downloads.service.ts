import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Download } from '@rayworks/contracts';
import { canDownloadMove } from '@rayworks/lifecycles';
import {
  KIT_AUDIT_ACTIONS,
  RealtimeEmitter,
  StorageService,
  UnitOfWork,
  type AuditClient,
  type RequestAccess,
} from '@rayworks/nest-kit';
import type { DownloadEntity } from './download.entity.js';
import { chooseReuse } from './download-reuse.js';
import { DOWNLOAD_MESSAGES } from './downloads.errors.js';
import { DOWNLOAD_LINK_TTL_SECONDS, zipFileName } from './downloads.policy.js';
import { DownloadsRepository } from './downloads.repository.js';

const linkExpiry = () => new Date(Date.now() + DOWNLOAD_LINK_TTL_SECONDS * 1000).toISOString();

/**
 * Study downloads and links (spec §7 /Dicom/downloadZip, /dicom/url, /Dicom/presignedUrl). Everything is reached
 * through a study in the caller's reach (their tenant by row-level security, their group and centres here): any
 * other study, download or instance is 404, as if it did not exist. A zip asked for is an export, a link a read of
 * patient data: both are audited. Zips are made by the imaging.study-download worker (StudyDownloadProcessor).
 */
@Injectable()
export class DownloadsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(DownloadsRepository) private readonly downloads: DownloadsRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(RealtimeEmitter) private readonly realtime: RealtimeEmitter,
  ) {}

  /**
   * Starts the zip of a study, or reuses one (docs/decisions/0106): a fresh READY zip of the same instances answers
   * READY with a new short-lived link; the caller's own running download of it answers as it stands; otherwise a
   * new download (DWN_INIT) and its job are recorded in one unit of work.
   */
  downloadZip(access: RequestAccess, studyInstanceUid: string, client: AuditClient): Promise<Download> {
    return this.uow.change(access, async (tx) => {
      const study = await this.downloads.findStudyInReach(tx, access, studyInstanceUid);
      if (!study) throw new NotFoundException(DOWNLOAD_MESSAGES.studyNotFound);
      const stamp = await this.downloads.stampOf(tx, study.id);
      const candidates = await this.downloads.reuseCandidates(tx, study.id);
      const reuse = chooseReuse(candidates, stamp, access.principal.userId, new Date(), DOWNLOAD_LINK_TTL_SECONDS);
      const download =
        reuse?.download ??
        (await this.downloads.insert(tx, {
          tenantId: study.tenantId,
          studyId: study.id,
          studyInstanceUid: study.studyInstanceUid,
          requestedBy: access.principal.userId,
          state: 'DWN_INIT',
          ...stamp,
        }));
      if (!reuse) {
        await tx.enqueue('imagingStudyDownload', { downloadId: download.id });
        tx.afterCommit(() => this.push(download));
      }
      await tx.audit({
        action: KIT_AUDIT_ACTIONS.export,
        target: { type: 'study', id: study.id },
        details: { studyInstanceUid, downloadId: download.id, reused: reuse?.kind ?? null },
        client,
      });
      return download.toDownload(await this.linkOf(download));
    });
  }

  /** A download's state, with a new short-lived link when it is READY. */
  async get(access: RequestAccess, downloadId: string): Promise<Download> {
    const download = await this.uow.read(access, (tx) => this.downloads.findDownloadInReach(tx, access, downloadId));
    if (!download) throw new NotFoundException(DOWNLOAD_MESSAGES.downloadNotFound);
    return download.toDownload(await this.linkOf(download));
  }

  /**
   * Starts a failed download again (DWN_FAIL or ZIP_FAIL → DWN_INIT, as the download machine allows; 409 from any
   * other state), for the caller, who then receives its states, with the study's instances as they are now.
   */
  retry(access: RequestAccess, downloadId: string, client: AuditClient): Promise<Download> {
    return this.uow.change(access, async (tx) => {
      const download = await this.downloads.findDownloadInReach(tx, access, downloadId);
      if (!download) throw new NotFoundException(DOWNLOAD_MESSAGES.downloadNotFound);
      if (
        !(download.state === 'DWN_FAIL' || download.state === 'ZIP_FAIL') ||
        !canDownloadMove(download.state, 'DWN_INIT')
      )
        throw new ConflictException(DOWNLOAD_MESSAGES.notRetryable);
      const stamp = await this.downloads.stampOf(tx, download.studyId);
      const moved = await this.downloads.move(tx, download.id, download.state, 'DWN_INIT', {
        ...stamp,
        error: null,
        zipKey: null,
        sizeBytes: null,
        expiresAt: null,
        requestedBy: access.principal.userId,
      });
      if (!moved) throw new ConflictException(DOWNLOAD_MESSAGES.notRetryable);
      await tx.enqueue('imagingStudyDownload', { downloadId: moved.id });
      tx.afterCommit(() => this.push(moved));
      await tx.audit({
        action: KIT_AUDIT_ACTIONS.export,
        target: { type: 'study', id: moved.studyId },
        details: { studyInstanceUid: moved.studyInstanceUid, downloadId: moved.id, retry: true },
        client,
      });
      return moved.toDownload();
    });
  }

  /** Short-lived links to every instance of a study (for a desktop viewer or a script); a read of patient data. */
  async instanceLinks(access: RequestAccess, studyInstanceUid: string, client: AuditClient) {
    const found = await this.uow.read(
      access,
      async (tx) => {
        const study = await this.downloads.findStudyInReach(tx, access, studyInstanceUid);
        if (!study) throw new NotFoundException(DOWNLOAD_MESSAGES.studyNotFound);
        return { study, instances: await this.downloads.instancesOf(tx, study.id) };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: (result) => ({ type: 'study', id: (result as { study: { id: string } }).study.id }),
          details: { studyInstanceUid, links: 'instances' },
          client,
        },
      },
    );
    const expiresAt = linkExpiry();
    const instances = await Promise.all(
      found.instances.map(async (i) => ({
        seriesInstanceUid: i.seriesInstanceUid,
        sopInstanceUid: i.sopInstanceUid,
        url: await this.storage.presignGet(i.storageKey, DOWNLOAD_LINK_TTL_SECONDS, {
          downloadName: `${i.sopInstanceUid}.dcm`,
        }),
      })),
    );
    return { expiresAt, instances };
  }

  /** A short-lived link to one instance of a study; a read of patient data. */
  async instanceLink(access: RequestAccess, studyInstanceUid: string, sopInstanceUid: string, client: AuditClient) {
    const found = await this.uow.read(
      access,
      async (tx) => {
        const study = await this.downloads.findStudyInReach(tx, access, studyInstanceUid);
        const instance = study ? await this.downloads.instanceOf(tx, study.id, sopInstanceUid) : null;
        if (!study || !instance) throw new NotFoundException(DOWNLOAD_MESSAGES.instanceNotFound);
        return { study, instance };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: (result) => ({ type: 'study', id: (result as { study: { id: string } }).study.id }),
          details: { studyInstanceUid, sopInstanceUid, links: 'instance' },
          client,
        },
      },
    );
    const expiresAt = linkExpiry();
    const url = await this.storage.presignGet(found.instance.storageKey, DOWNLOAD_LINK_TTL_SECONDS, {
      downloadName: `${sopInstanceUid}.dcm`,
    });
    return { url, expiresAt };
  }

  /** DWN_INIT to the requester's sockets, once committed (the worker pushes the states after it). */
  private push(download: DownloadEntity): void {
    this.realtime.toUser(download.requestedBy, 'imaging:download-state', {
      downloadId: download.id,
      studyInstanceUid: download.studyInstanceUid,
      state: download.state,
      url: null,
      error: null,
    });
  }

  /** The short-lived link of a READY zip that is still fresh, else null. */
  private async linkOf(download: DownloadEntity): Promise<string | null> {
    if (download.state !== 'READY' || !download.zipKey) return null;
    if (!download.expiresAt || download.expiresAt.getTime() <= Date.now()) return null;
    return this.storage.presignGet(download.zipKey, DOWNLOAD_LINK_TTL_SECONDS, {
      downloadName: zipFileName(download.studyInstanceUid),
    });
  }
}
