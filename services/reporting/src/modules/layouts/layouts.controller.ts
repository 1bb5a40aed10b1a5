import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { REPORTING_API, TEMPLATE_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { LayoutsService } from './layouts.service.js';

@ApiTags('layouts')
@Controller()
export class LayoutsController {
  constructor(@Inject(LayoutsService) private readonly layouts: LayoutsService) {}

  @ApiContract(REPORTING_API.getReportConfig, "The centre's report layout (the default until one is saved)")
  async get({ access, body }: ContractCall<typeof REPORTING_API.getReportConfig>) {
    return apiOk(await this.layouts.get(access, body.centreId));
  }

  @ApiContract(REPORTING_API.createReportConfig, "Saves the centre's report layout")
  async create({ access, body }: ContractCall<typeof REPORTING_API.createReportConfig>) {
    return apiOk(await this.layouts.save(access, body), M.layoutSaved);
  }

  @ApiContract(REPORTING_API.layoutImageUploadUrl, 'A presigned PUT for a header or footer logo or a watermark image')
  async imageUploadUrl({ access, body }: ContractCall<typeof REPORTING_API.layoutImageUploadUrl>) {
    return apiOk(await this.layouts.imageUploadUrl(access, body));
  }
}
