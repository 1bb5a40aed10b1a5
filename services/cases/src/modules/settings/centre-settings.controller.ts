import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { CentreSettingsService } from './centre-settings.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('centre settings')
@Controller()
export class CentreSettingsController {
  constructor(@Inject(CentreSettingsService) private readonly settings: CentreSettingsService) {}

  @ApiContract(CASES_API.getCentreSettings, "A centre's worklist settings (acceptance, typist assignment, turnaround)")
  async get(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.getCentreSettings) body: Body<'getCentreSettings'>,
  ) {
    return apiOk(await this.settings.get(access, body.centreId));
  }

  @ApiContract(CASES_API.updateCentreSettings, "Changes a centre's worklist settings")
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.updateCentreSettings) body: Body<'updateCentreSettings'>,
  ) {
    return apiOk(await this.settings.update(access, body), 'Centre settings updated successfully');
  }
}
