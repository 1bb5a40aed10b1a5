import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { REPORTING_API, TEMPLATE_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { MacrosService } from './macros.service.js';

type Body<K extends keyof typeof REPORTING_API> = z.output<(typeof REPORTING_API)[K]['body']>;

@ApiTags('templates')
@Controller()
export class MacrosController {
  constructor(@Inject(MacrosService) private readonly macros: MacrosService) {}

  @ApiContract(REPORTING_API.findMacros, "Text macros the caller may use: the company's, their centres' and their own")
  async find(@CurrentAccess() access: RequestAccess, @ContractBody(REPORTING_API.findMacros) body: Body<'findMacros'>) {
    return apiOk(await this.macros.find(access, body));
  }

  @ApiContract(REPORTING_API.createMacro, 'Creates a text macro')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.createMacro) body: Body<'createMacro'>,
  ) {
    return apiOk(await this.macros.create(access, body), M.macroCreated);
  }

  @ApiContract(REPORTING_API.updateMacro, 'Changes a text macro')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.updateMacro) body: Body<'updateMacro'>,
  ) {
    return apiOk(await this.macros.update(access, body), M.macroUpdated);
  }

  @ApiContract(REPORTING_API.deleteMacro, 'Deletes a text macro')
  async delete(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.deleteMacro) body: Body<'deleteMacro'>,
  ) {
    return apiOk(await this.macros.delete(access, body.id), M.macroDeleted);
  }
}
