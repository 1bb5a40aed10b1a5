import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CaseRatingsService } from './case-ratings.service.js';

@ApiTags('case rating')
@Controller()
export class CaseRatingsController {
  constructor(@Inject(CaseRatingsService) private readonly ratings: CaseRatingsService) {}

  @ApiContract(CASES_API.rateCase, "Rates a completed case's reading (stars and feedback; replaces the caller's own)")
  async rate({ access, body }: ContractCall<typeof CASES_API.rateCase>) {
    return apiOk(await this.ratings.rate(access, body), M.rated);
  }

  @ApiContract(CASES_API.findCaseRatings, "A case's ratings, their count and mean")
  async find({ access, body }: ContractCall<typeof CASES_API.findCaseRatings>) {
    return apiOk(await this.ratings.find(access, body.caseId));
  }
}
