import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CaseDownloadsService } from './case-downloads.service.js';

@ApiTags('case download')
@Controller()
export class CaseDownloadsController {
  constructor(@Inject(CaseDownloadsService) private readonly downloads: CaseDownloadsService) {}

  @ApiContract(
    CASES_API.initiateDownload,
    "Starts the download of the case's study (imaging's zip; its state is pushed)",
  )
  async initiate({ access, credentials, body }: ContractCall<typeof CASES_API.initiateDownload>) {
    return apiOk(await this.downloads.initiate(access, credentials, body.caseId), M.downloadStarted);
  }
}
