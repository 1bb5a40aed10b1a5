import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CaseSharesService } from './case-shares.service.js';

@ApiTags('case sharing')
@Controller()
export class CaseSharesController {
  constructor(@Inject(CaseSharesService) private readonly shares: CaseSharesService) {}

  @ApiContract(CASES_API.shareCase, 'Makes a shareable, expiring, read-only link of a case (the token is shown once)')
  async share({ access, body }: ContractCall<typeof CASES_API.shareCase>) {
    return apiOk(await this.shares.share(access, body), M.shared);
  }

  @ApiContract(CASES_API.findShareCase, 'The read-only case of a shared link (no login; 410 once expired)')
  async find({ body }: ContractCall<typeof CASES_API.findShareCase>) {
    return apiOk(await this.shares.findShared(body.token));
  }
}
