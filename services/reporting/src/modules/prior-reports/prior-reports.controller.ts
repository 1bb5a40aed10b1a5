import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { REPORTING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { PriorReportsService } from './prior-reports.service.js';

@ApiTags('reports')
@Controller()
export class PriorReportsController {
  constructor(@Inject(PriorReportsService) private readonly priors: PriorReportsService) {}

  @ApiContract(
    REPORTING_API.priorReports,
    "The final reports of the case's priors asked for (same patient ID, same centre, in the caller's reach; others are left out)",
  )
  async find({ access, credentials, body }: ContractCall<typeof REPORTING_API.priorReports>) {
    return apiOk(await this.priors.find(access, credentials, body));
  }
}
