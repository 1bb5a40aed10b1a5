import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IMAGING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { DOWNLOAD_MESSAGES } from './downloads.errors.js';
import { DownloadsService } from './downloads.service.js';

@ApiTags('downloads')
@Controller()
export class DownloadsController {
  constructor(@Inject(DownloadsService) private readonly downloads: DownloadsService) {}

  @ApiContract(
    IMAGING_API.downloadZip,
    "Starts (or reuses) the zip of a study; its states arrive as 'imaging:download-state'",
  )
  async downloadZip({ access, body, client }: ContractCall<typeof IMAGING_API.downloadZip>) {
    const download = await this.downloads.downloadZip(access, body.studyInstanceUid, client);
    return apiOk(download, download.state === 'READY' ? DOWNLOAD_MESSAGES.ready : DOWNLOAD_MESSAGES.started);
  }

  @ApiContract(IMAGING_API.getDownload, 'A download and its state, with a short-lived link once READY')
  async get({ access, body }: ContractCall<typeof IMAGING_API.getDownload>) {
    return apiOk(await this.downloads.get(access, body.downloadId));
  }

  @ApiContract(IMAGING_API.retryDownload, 'Starts a failed download (DWN_FAIL or ZIP_FAIL) again')
  async retry({ access, body, client }: ContractCall<typeof IMAGING_API.retryDownload>) {
    return apiOk(await this.downloads.retry(access, body.downloadId, client), DOWNLOAD_MESSAGES.retried);
  }

  @ApiContract(IMAGING_API.dicomUrl, 'Short-lived links to every instance of a study')
  async dicomUrl({ access, body, client }: ContractCall<typeof IMAGING_API.dicomUrl>) {
    return apiOk(await this.downloads.instanceLinks(access, body.studyInstanceUid, client));
  }

  @ApiContract(IMAGING_API.presignedInstanceUrl, 'A short-lived link to one instance of a study')
  async presignedInstanceUrl({ access, body, client }: ContractCall<typeof IMAGING_API.presignedInstanceUrl>) {
    return apiOk(await this.downloads.instanceLink(access, body.studyInstanceUid, body.sopInstanceUid, client));
  }
}
