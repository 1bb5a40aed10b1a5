import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CRITICAL_MESSAGES as M, REPORTING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CriticalService } from './critical.service.js';

@ApiTags('critical results')
@Controller()
export class CriticalController {
  constructor(@Inject(CriticalService) private readonly critical: CriticalService) {}

  @ApiContract(
    REPORTING_API.flagCritical,
    'Flags a critical result on a case (its reading radiologist): the centre is told at once and must acknowledge',
  )
  async flag({ access, credentials, body }: ContractCall<typeof REPORTING_API.flagCritical>) {
    return apiOk(await this.critical.flag(access, credentials, body), M.flagged);
  }

  @ApiContract(REPORTING_API.acknowledgeCritical, "Acknowledges a critical result (a user of the case's centre)")
  async acknowledge({ access, credentials, body }: ContractCall<typeof REPORTING_API.acknowledgeCritical>) {
    return apiOk(await this.critical.acknowledge(access, credentials, body), M.acknowledged);
  }

  @ApiContract(REPORTING_API.findCritical, "Critical results of a case, or of the caller's centres")
  async find({ access, credentials, body }: ContractCall<typeof REPORTING_API.findCritical>) {
    return apiOk(await this.critical.find(access, credentials, body));
  }

  @ApiContract(
    REPORTING_API.findLabCritical,
    "Critical results of lab orders, for the lab's worksheet (centres in the caller's reach)",
  )
  async findLab({ access, body }: ContractCall<typeof REPORTING_API.findLabCritical>) {
    return apiOk(await this.critical.findLab(access, body));
  }

  @ApiContract(REPORTING_API.getCriticalSettings, "A centre's escalation time for unacknowledged critical results")
  async getSettings({ access, body }: ContractCall<typeof REPORTING_API.getCriticalSettings>) {
    return apiOk(await this.critical.settings(access, body));
  }

  @ApiContract(
    REPORTING_API.saveCriticalSettings,
    "Sets a centre's escalation time for unacknowledged critical results",
  )
  async saveSettings({ access, body }: ContractCall<typeof REPORTING_API.saveCriticalSettings>) {
    return apiOk(await this.critical.saveSettings(access, body), M.settingsSaved);
  }
}
