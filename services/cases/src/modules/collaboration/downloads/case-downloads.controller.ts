import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import type { Credentials } from '@rayworks/api-client';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import {
  apiOk,
  ApiContract,
  CallerCredentials,
  ContractBody,
  CurrentAccess,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { CaseDownloadsService } from './case-downloads.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('case download')
@Controller()
export class CaseDownloadsController {
  constructor(@Inject(CaseDownloadsService) private readonly downloads: CaseDownloadsService) {}

  @ApiContract(
    CASES_API.initiateDownload,
    "Starts the download of the case's study (imaging's zip; its state is pushed)",
  )
  async initiate(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(CASES_API.initiateDownload) body: Body<'initiateDownload'>,
  ) {
    return apiOk(await this.downloads.initiate(access, caller, body.caseId), M.downloadStarted);
  }
}
