import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CaseAuditTrailService } from './case-audit-trail.service.js';

@ApiTags('worklist')
@Controller()
export class CaseAuditTrailController {
  constructor(@Inject(CaseAuditTrailService) private readonly trail: CaseAuditTrailService) {}

  @ApiContract(CASES_API.findCaseAudit, 'The audit trail of one case the caller may see, newest first')
  async find({ access, body }: ContractCall<typeof CASES_API.findCaseAudit>) {
    return apiOk(await this.trail.find(access, body));
  }
}
