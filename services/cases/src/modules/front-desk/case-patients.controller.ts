import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CasePatientsService } from './case-patients.service.js';

@ApiTags('worklist')
@Controller()
export class CasePatientsController {
  constructor(@Inject(CasePatientsService) private readonly patients: CasePatientsService) {}

  @ApiContract(CASES_API.findAssignablePatients, "The front desk's patients of the case's centre, to assign to it")
  async assignable({ access, body }: ContractCall<typeof CASES_API.findAssignablePatients>) {
    const { patients, message } = await this.patients.assignable(access, body);
    return apiOk(patients, message);
  }

  @ApiContract(CASES_API.assignCasePatient, "Gives the case a patient of its centre (the front desk's)")
  async assign({ access, body }: ContractCall<typeof CASES_API.assignCasePatient>) {
    return apiOk(await this.patients.assign(access, body), 'Case updated successfully');
  }
}
