import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LIMS_API, RESULT_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { ResultsService } from './results.service.js';

/** LIS validation: the worksheet, saving and validating results, signing, amending (docs/decisions/0306). */
@ApiTags('results')
@Controller()
export class ResultsController {
  constructor(@Inject(ResultsService) private readonly results: ResultsService) {}

  @ApiContract(LIMS_API.findWorksheet, "The worksheet: accepted samples' orders the caller reaches, with their results")
  async worksheet({ access, body, client }: ContractCall<typeof LIMS_API.findWorksheet>) {
    return apiOk(await this.results.worksheet(access, body, client));
  }

  @ApiContract(
    LIMS_API.saveResults,
    "Saves an order's results as judged (validates them when asked or by the test's rule)",
  )
  async save({ access, body, client }: ContractCall<typeof LIMS_API.saveResults>) {
    const saved = await this.results.save(access, body, client);
    return apiOk(saved, saved.status === 'VALIDATED' ? RESULT_MESSAGES.validated : RESULT_MESSAGES.saved);
  }

  @ApiContract(LIMS_API.signResults, 'A pathologist signs validated results (all or nothing)')
  async sign({ access, body, client, credentials }: ContractCall<typeof LIMS_API.signResults>) {
    return apiOk(await this.results.sign(access, body, client, credentials), RESULT_MESSAGES.signed);
  }

  @ApiContract(LIMS_API.amendResults, 'Reopens signed results for a correction (the next amendment; history kept)')
  async amend({ access, body, client }: ContractCall<typeof LIMS_API.amendResults>) {
    return apiOk(await this.results.amend(access, body, client), RESULT_MESSAGES.amended);
  }

  @ApiContract(LIMS_API.resultHistory, "An order's signed results and amendments, oldest first")
  async history({ access, body, client }: ContractCall<typeof LIMS_API.resultHistory>) {
    return apiOk(await this.results.history(access, body.orderId, client));
  }
}
