import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { CaseAuditTrailService } from './case-audit-trail.service.js';

type Body = z.output<(typeof CASES_API)['findCaseAudit']['body']>;

@ApiTags('worklist')
@Controller()
export class CaseAuditTrailController {
  constructor(@Inject(CaseAuditTrailService) private readonly trail: CaseAuditTrailService) {}

  @ApiContract(CASES_API.findCaseAudit, 'The audit trail of one case the caller may see, newest first')
  async find(@CurrentAccess() access: RequestAccess, @ContractBody(CASES_API.findCaseAudit) body: Body) {
    return apiOk(await this.trail.find(access, body));
  }
}
