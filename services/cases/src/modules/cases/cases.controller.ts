import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CasesService } from './cases.service.js';

@ApiTags('worklist')
@Controller()
export class CasesController {
  constructor(@Inject(CasesService) private readonly cases: CasesService) {}

  @ApiContract(CASES_API.getCases, 'A page of the worklist in the caller’s reach (filters, sort, page or cursor)')
  async get({ access, body }: ContractCall<typeof CASES_API.getCases>) {
    return apiOk(await this.cases.list(access, body));
  }

  @ApiContract(CASES_API.findCases, 'The cases matching a filter or ids (at most 100)')
  async find({ access, body }: ContractCall<typeof CASES_API.findCases>) {
    return apiOk(await this.cases.find(access, body));
  }

  @ApiContract(CASES_API.findOneCase, 'One case the caller may see')
  async findOne({ access, body }: ContractCall<typeof CASES_API.findOneCase>) {
    return apiOk(await this.cases.findOne(access, body._id));
  }

  @ApiContract(CASES_API.getWorklistStatistics, 'Counts per status and turnaround figures of the caller’s reach')
  async statistics({ access, body }: ContractCall<typeof CASES_API.getWorklistStatistics>) {
    return apiOk(await this.cases.statistics(access, body));
  }

  @ApiContract(CASES_API.createWorklistCase, 'Registers a case before its study arrives (PENDING FOR SCAN)')
  async create({ access, body }: ContractCall<typeof CASES_API.createWorklistCase>) {
    return apiOk(await this.cases.register(access, body), 'Case created successfully');
  }

  @ApiContract(CASES_API.editWorklistCase, "Corrects a case's patient and study details or priority")
  async edit({ access, body }: ContractCall<typeof CASES_API.editWorklistCase>) {
    return apiOk(await this.cases.edit(access, body), 'Case updated successfully');
  }
}
