import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { CasesService } from './cases.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('worklist')
@Controller()
export class CasesController {
  constructor(@Inject(CasesService) private readonly cases: CasesService) {}

  @ApiContract(CASES_API.getCases, 'A page of the worklist in the caller’s reach (filters, sort, page or cursor)')
  async get(@CurrentAccess() access: RequestAccess, @ContractBody(CASES_API.getCases) body: Body<'getCases'>) {
    return apiOk(await this.cases.list(access, body));
  }

  @ApiContract(CASES_API.findCases, 'The cases matching a filter or ids (at most 100)')
  async find(@CurrentAccess() access: RequestAccess, @ContractBody(CASES_API.findCases) body: Body<'findCases'>) {
    return apiOk(await this.cases.find(access, body));
  }

  @ApiContract(CASES_API.findOneCase, 'One case the caller may see')
  async findOne(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.findOneCase) body: Body<'findOneCase'>,
  ) {
    return apiOk(await this.cases.findOne(access, body._id));
  }

  @ApiContract(CASES_API.getWorklistStatistics, 'Counts per status and turnaround figures of the caller’s reach')
  async statistics(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.getWorklistStatistics) body: Body<'getWorklistStatistics'>,
  ) {
    return apiOk(await this.cases.statistics(access, body));
  }

  @ApiContract(CASES_API.createWorklistCase, 'Registers a case before its study arrives (PENDING FOR SCAN)')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.createWorklistCase) body: Body<'createWorklistCase'>,
  ) {
    return apiOk(await this.cases.register(access, body), 'Case created successfully');
  }

  @ApiContract(CASES_API.editWorklistCase, "Corrects a case's patient and study details or priority")
  async edit(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.editWorklistCase) body: Body<'editWorklistCase'>,
  ) {
    return apiOk(await this.cases.edit(access, body), 'Case updated successfully');
  }
}
