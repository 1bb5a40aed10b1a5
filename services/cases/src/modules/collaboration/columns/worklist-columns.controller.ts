import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { WorklistColumnsService } from './worklist-columns.service.js';

@ApiTags('worklist columns')
@Controller()
export class WorklistColumnsController {
  constructor(@Inject(WorklistColumnsService) private readonly columns: WorklistColumnsService) {}

  @ApiContract(CASES_API.createPreferredColumns, "Saves the caller's worklist columns of a screen")
  async create({ access, body }: ContractCall<typeof CASES_API.createPreferredColumns>) {
    return apiOk(await this.columns.set(access, body.screen, body.columns), M.columnsSaved);
  }

  @ApiContract(CASES_API.findPreferredColumns, "The caller's worklist columns of a screen (the defaults until chosen)")
  async find({ access, body }: ContractCall<typeof CASES_API.findPreferredColumns>) {
    return apiOk(await this.columns.find(access, body.screen));
  }
}
