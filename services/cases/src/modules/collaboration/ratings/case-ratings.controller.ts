import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { CaseRatingsService } from './case-ratings.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('case rating')
@Controller()
export class CaseRatingsController {
  constructor(@Inject(CaseRatingsService) private readonly ratings: CaseRatingsService) {}

  @ApiContract(CASES_API.rateCase, "Rates a completed case's reading (stars and feedback; replaces the caller's own)")
  async rate(@CurrentAccess() access: RequestAccess, @ContractBody(CASES_API.rateCase) body: Body<'rateCase'>) {
    return apiOk(await this.ratings.rate(access, body), M.rated);
  }

  @ApiContract(CASES_API.findCaseRatings, "A case's ratings, their count and mean")
  async find(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.findCaseRatings) body: Body<'findCaseRatings'>,
  ) {
    return apiOk(await this.ratings.find(access, body.caseId));
  }
}
