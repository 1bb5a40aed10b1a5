import { Controller, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CASES_API } from '@rayworks/contracts';
import { ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CaseExportService } from './case-export.service.js';

@ApiTags('worklist')
@Controller()
export class CaseExportController {
  constructor(@Inject(CaseExportService) private readonly exports: CaseExportService) {}

  /** The answer is the file itself (the contract's `produces`, documented by ApiContract), streamed into the response. */
  @ApiContract(CASES_API.exportCases, 'The worklist of a filter as a CSV or XLSX file (streamed, at most 100,000 rows)')
  async export({ access, body }: ContractCall<typeof CASES_API.exportCases>, @Res() res: Response): Promise<void> {
    await this.exports.export(access, body, res);
  }
}
