import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { REPORTING_API, TEMPLATE_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { MacrosService } from './macros.service.js';

@ApiTags('templates')
@Controller()
export class MacrosController {
  constructor(@Inject(MacrosService) private readonly macros: MacrosService) {}

  @ApiContract(REPORTING_API.findMacros, "Text macros the caller may use: the company's, their centres' and their own")
  async find({ access, body }: ContractCall<typeof REPORTING_API.findMacros>) {
    return apiOk(await this.macros.find(access, body));
  }

  @ApiContract(REPORTING_API.createMacro, 'Creates a text macro')
  async create({ access, body }: ContractCall<typeof REPORTING_API.createMacro>) {
    return apiOk(await this.macros.create(access, body), M.macroCreated);
  }

  @ApiContract(REPORTING_API.updateMacro, 'Changes a text macro')
  async update({ access, body }: ContractCall<typeof REPORTING_API.updateMacro>) {
    return apiOk(await this.macros.update(access, body), M.macroUpdated);
  }

  @ApiContract(REPORTING_API.deleteMacro, 'Deletes a text macro')
  async delete({ access, body }: ContractCall<typeof REPORTING_API.deleteMacro>) {
    return apiOk(await this.macros.delete(access, body.id), M.macroDeleted);
  }
}
