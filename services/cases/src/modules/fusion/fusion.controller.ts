import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, FUSION_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { FusionService } from './fusion.service.js';

@ApiTags('fusion')
@Controller()
export class FusionController {
  constructor(@Inject(FusionService) private readonly fusion: FusionService) {}

  @ApiContract(CASES_API.fusionContracts, "The fusion contracts the caller's company is a party to", {
    body: 'unread',
  })
  async contracts({ access }: ContractCall<typeof CASES_API.fusionContracts>) {
    return apiOk({ contracts: await this.fusion.contractsOf(access) });
  }

  @ApiContract(CASES_API.createFusionContract, 'A contract within the company: a group may send to a fusion centre')
  async createContract({ access, body }: ContractCall<typeof CASES_API.createFusionContract>) {
    return apiOk(await this.fusion.createContract(access, body), FUSION_MESSAGES.contractCreated);
  }

  @ApiContract(CASES_API.fusionSend, 'Sends a NEW case to a fusion centre the group has a contract with')
  async send({ access, body, client }: ContractCall<typeof CASES_API.fusionSend>) {
    return apiOk(await this.fusion.send(access, body, client), FUSION_MESSAGES.sent);
  }

  @ApiContract(CASES_API.fusionWorklistUpdate, 'One fusion action (assign, accept, reject, complete, recall …)')
  async update({ access, body, client }: ContractCall<typeof CASES_API.fusionWorklistUpdate>) {
    const done = await this.fusion.update(access, body, client);
    return apiOk(done.case, done.message);
  }

  @ApiContract(CASES_API.fusionCases, "The cases sent to the caller's fusion centres (fccases)")
  async fusionCases({ access, body }: ContractCall<typeof CASES_API.fusionCases>) {
    return apiOk(await this.fusion.fusionCases(access, body));
  }
}
