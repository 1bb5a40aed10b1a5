import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ANALYZER_MESSAGES, LIMS_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { AnalyzerResultsService } from './analyzer-results.service.js';

@ApiTags('analyzers')
@Controller()
export class AnalyzerResultsController {
  constructor(@Inject(AnalyzerResultsService) private readonly results: AnalyzerResultsService) {}

  @ApiContract(LIMS_API.findAnalyzerResults, 'Results analyzers sent; status UNMATCHED is the unmatched results queue')
  async find({ access, body }: ContractCall<typeof LIMS_API.findAnalyzerResults>) {
    return apiOk(await this.results.list(access, body));
  }

  @ApiContract(LIMS_API.resolveAnalyzerResult, 'Matches a waiting result to a sample and a parameter by hand')
  async resolve({ access, body }: ContractCall<typeof LIMS_API.resolveAnalyzerResult>) {
    return apiOk(await this.results.resolve(access, body), ANALYZER_MESSAGES.resolved);
  }

  @ApiContract(LIMS_API.discardAnalyzerResult, 'Discards a waiting or refused result, with the reason')
  async discard({ access, body }: ContractCall<typeof LIMS_API.discardAnalyzerResult>) {
    return apiOk(await this.results.discard(access, body), ANALYZER_MESSAGES.discarded);
  }
}
