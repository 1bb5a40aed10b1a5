import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API, FUSION_MESSAGES } from '@rayworks/contracts';
import {
  apiOk,
  ApiContract,
  Client,
  ContractBody,
  CurrentAccess,
  type AuditClient,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { FusionService } from './fusion.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('fusion')
@Controller()
export class FusionController {
  constructor(@Inject(FusionService) private readonly fusion: FusionService) {}

  @ApiContract(CASES_API.fusionContracts, "The fusion contracts the caller's company is a party to")
  async contracts(@CurrentAccess() access: RequestAccess) {
    return apiOk({ contracts: await this.fusion.contractsOf(access) });
  }

  @ApiContract(CASES_API.createFusionContract, 'A contract within the company: a group may send to a fusion centre')
  async createContract(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.createFusionContract) body: Body<'createFusionContract'>,
  ) {
    return apiOk(await this.fusion.createContract(access, body), FUSION_MESSAGES.contractCreated);
  }

  @ApiContract(CASES_API.fusionSend, 'Sends a NEW case to a fusion centre the group has a contract with')
  async send(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.fusionSend) body: Body<'fusionSend'>,
    @Client() client: AuditClient,
  ) {
    return apiOk(await this.fusion.send(access, body, client), FUSION_MESSAGES.sent);
  }

  @ApiContract(CASES_API.fusionWorklistUpdate, 'One fusion action (assign, accept, reject, complete, recall …)')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.fusionWorklistUpdate) body: Body<'fusionWorklistUpdate'>,
    @Client() client: AuditClient,
  ) {
    const done = await this.fusion.update(access, body, client);
    return apiOk(done.case, done.message);
  }

  @ApiContract(CASES_API.fusionCases, "The cases sent to the caller's fusion centres (fccases)")
  async fusionCases(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.fusionCases) body: Body<'fusionCases'>,
  ) {
    return apiOk(await this.fusion.fusionCases(access, body));
  }
}
