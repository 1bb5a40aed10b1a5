import {
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiError, type Credentials } from '@rayworks/api-client';
import { COLLABORATION_MESSAGES, type Download } from '@rayworks/contracts';
import { UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { VisibleCases } from '../../cases/visible-cases.service.js';
import { COLLABORATION_AUDIT_ACTIONS as A } from '../collaboration-audit.js';
import { ImagingClient } from './imaging.client.js';

/**
 * A case's study download (spec §7 /download/initiate; docs/decisions/0146): the case must be in the caller's reach
 * (404) and have its study (409); the zip is imaging's (/Dicom/downloadZip, called with the caller's credentials:
 * its states are pushed to the caller as `imaging:download-state`). The initiation is audited here, the zip there.
 */
@Injectable()
export class CaseDownloadsService {
  private readonly logger = new Logger(CaseDownloadsService.name);

  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(ImagingClient) private readonly imaging: ImagingClient,
  ) {}

  async initiate(access: RequestAccess, caller: Credentials, caseId: string): Promise<Download> {
    const study = await this.uow.read(
      access,
      async (tx) => (await this.visible.load(tx, access, caseId)).studyInstanceUid,
    );
    if (!study) throw new ConflictException(COLLABORATION_MESSAGES.noStudyToDownload);
    let download: Download;
    try {
      download = await this.imaging.downloadZip(caller, study);
    } catch (error) {
      // imaging's own refusals (403, 404, 409) are the caller's answer; anything else is imaging being unavailable
      if (error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500)
        throw new HttpException(error.serverMessage ?? COLLABORATION_MESSAGES.imagingUnavailable, error.status);
      this.logger.warn(`imaging downloadZip failed: ${String(error)}`);
      throw new ServiceUnavailableException(COLLABORATION_MESSAGES.imagingUnavailable);
    }
    await this.uow.change(access, (tx) =>
      tx.audit({
        action: A.downloadInitiate,
        target: { type: 'case', id: caseId },
        details: { downloadId: download._id, state: download.state },
      }),
    );
    return download;
  }
}
