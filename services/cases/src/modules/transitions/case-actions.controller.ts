import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASE_MESSAGES, CASES_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CaseActionsService } from './case-actions.service.js';

@ApiTags('case actions')
@Controller()
export class CaseActionsController {
  constructor(@Inject(CaseActionsService) private readonly actions: CaseActionsService) {}

  @ApiContract(
    CASES_API.caseAssignees,
    "A centre's radiologists or typists to assign to, online first, then the least open work",
  )
  async assignees({ access, body }: ContractCall<typeof CASES_API.caseAssignees>) {
    return apiOk(await this.actions.assigneesOf(access, body));
  }

  @ApiContract(CASES_API.assignCases, 'Assigns one or many cases to a radiologist or a typist, each case on its own')
  async assign({ access, body, client }: ContractCall<typeof CASES_API.assignCases>) {
    return apiOk({ results: await this.actions.assign(access, body, client) }, CASE_MESSAGES.assigned);
  }

  @ApiContract(
    CASES_API.worklistUpdate,
    'One action on one case (accept, reject, recall, hold, to typist, rollback, …)',
  )
  async update({ access, body, client }: ContractCall<typeof CASES_API.worklistUpdate>) {
    const done = await this.actions.update(access, body, client);
    return apiOk(done.case, done.message);
  }

  @ApiContract(CASES_API.splitCase, 'Splits a case by series before it is read: the other parts become new cases')
  async split({ access, body, client }: ContractCall<typeof CASES_API.splitCase>) {
    return apiOk(await this.actions.split(access, body, client), CASE_MESSAGES.splitted);
  }

  @ApiContract(CASES_API.setCaseLegend, 'Sets or clears a legend (Interested, Mark as Research) on a case')
  async legend({ access, body, client }: ContractCall<typeof CASES_API.setCaseLegend>) {
    return apiOk(await this.actions.legend(access, body, client), CASE_MESSAGES.legendUpdated);
  }
}
