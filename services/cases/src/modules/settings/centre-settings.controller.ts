import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CentreSettingsService } from './centre-settings.service.js';

@ApiTags('centre settings')
@Controller()
export class CentreSettingsController {
  constructor(@Inject(CentreSettingsService) private readonly settings: CentreSettingsService) {}

  @ApiContract(CASES_API.getCentreSettings, "A centre's worklist settings (acceptance, typist assignment, turnaround)")
  async get({ access, body }: ContractCall<typeof CASES_API.getCentreSettings>) {
    return apiOk(await this.settings.get(access, body.centreId));
  }

  @ApiContract(CASES_API.updateCentreSettings, "Changes a centre's worklist settings")
  async update({ access, body }: ContractCall<typeof CASES_API.updateCentreSettings>) {
    return apiOk(await this.settings.update(access, body), 'Centre settings updated successfully');
  }
}
