import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { CaseSharesService } from './case-shares.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('case sharing')
@Controller()
export class CaseSharesController {
  constructor(@Inject(CaseSharesService) private readonly shares: CaseSharesService) {}

  @ApiContract(CASES_API.shareCase, 'Makes a shareable, expiring, read-only link of a case (the token is shown once)')
  async share(@CurrentAccess() access: RequestAccess, @ContractBody(CASES_API.shareCase) body: Body<'shareCase'>) {
    return apiOk(await this.shares.share(access, body), M.shared);
  }

  @ApiContract(CASES_API.findShareCase, 'The read-only case of a shared link (no login; 410 once expired)')
  async find(@ContractBody(CASES_API.findShareCase) body: Body<'findShareCase'>) {
    return apiOk(await this.shares.findShared(body.token));
  }
}
