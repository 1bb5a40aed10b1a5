import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { WorklistColumnsService } from './worklist-columns.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('worklist columns')
@Controller()
export class WorklistColumnsController {
  constructor(@Inject(WorklistColumnsService) private readonly columns: WorklistColumnsService) {}

  @ApiContract(CASES_API.createPreferredColumns, "Saves the caller's worklist columns of a screen")
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.createPreferredColumns) body: Body<'createPreferredColumns'>,
  ) {
    return apiOk(await this.columns.set(access, body.screen, body.columns), M.columnsSaved);
  }

  @ApiContract(CASES_API.findPreferredColumns, "The caller's worklist columns of a screen (the defaults until chosen)")
  async find(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.findPreferredColumns) body: Body<'findPreferredColumns'>,
  ) {
    return apiOk(await this.columns.find(access, body.screen));
  }
}
