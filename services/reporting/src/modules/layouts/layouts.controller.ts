import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { REPORTING_API, TEMPLATE_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { LayoutsService } from './layouts.service.js';

type Body<K extends keyof typeof REPORTING_API> = z.output<(typeof REPORTING_API)[K]['body']>;

@ApiTags('layouts')
@Controller()
export class LayoutsController {
  constructor(@Inject(LayoutsService) private readonly layouts: LayoutsService) {}

  @ApiContract(REPORTING_API.getReportConfig, "The centre's report layout (the default until one is saved)")
  async get(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.getReportConfig) body: Body<'getReportConfig'>,
  ) {
    return apiOk(await this.layouts.get(access, body.centreId));
  }

  @ApiContract(REPORTING_API.createReportConfig, "Saves the centre's report layout")
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.createReportConfig) body: Body<'createReportConfig'>,
  ) {
    return apiOk(await this.layouts.save(access, body), M.layoutSaved);
  }

  @ApiContract(REPORTING_API.layoutImageUploadUrl, 'A presigned PUT for a header or footer logo or a watermark image')
  async imageUploadUrl(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.layoutImageUploadUrl) body: Body<'layoutImageUploadUrl'>,
  ) {
    return apiOk(await this.layouts.imageUploadUrl(access, body));
  }
}
