import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import type { Credentials } from '@rayworks/api-client';
import { CRITICAL_MESSAGES as M, REPORTING_API } from '@rayworks/contracts';
import {
  apiOk,
  ApiContract,
  CallerCredentials,
  ContractBody,
  CurrentAccess,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { CriticalService } from './critical.service.js';

type Body<K extends keyof typeof REPORTING_API> = z.output<(typeof REPORTING_API)[K]['body']>;

@ApiTags('critical results')
@Controller()
export class CriticalController {
  constructor(@Inject(CriticalService) private readonly critical: CriticalService) {}

  @ApiContract(
    REPORTING_API.flagCritical,
    'Flags a critical result on a case (its reading radiologist): the centre is told at once and must acknowledge',
  )
  async flag(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.flagCritical) body: Body<'flagCritical'>,
  ) {
    return apiOk(await this.critical.flag(access, caller, body), M.flagged);
  }

  @ApiContract(REPORTING_API.acknowledgeCritical, "Acknowledges a critical result (a user of the case's centre)")
  async acknowledge(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.acknowledgeCritical) body: Body<'acknowledgeCritical'>,
  ) {
    return apiOk(await this.critical.acknowledge(access, caller, body), M.acknowledged);
  }

  @ApiContract(REPORTING_API.findCritical, "Critical results of a case, or of the caller's centres")
  async find(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.findCritical) body: Body<'findCritical'>,
  ) {
    return apiOk(await this.critical.find(access, caller, body));
  }

  @ApiContract(REPORTING_API.getCriticalSettings, "A centre's escalation time for unacknowledged critical results")
  async getSettings(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.getCriticalSettings) body: Body<'getCriticalSettings'>,
  ) {
    return apiOk(await this.critical.settings(access, body));
  }

  @ApiContract(
    REPORTING_API.saveCriticalSettings,
    "Sets a centre's escalation time for unacknowledged critical results",
  )
  async saveSettings(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.saveCriticalSettings) body: Body<'saveCriticalSettings'>,
  ) {
    return apiOk(await this.critical.saveSettings(access, body), M.settingsSaved);
  }
}
