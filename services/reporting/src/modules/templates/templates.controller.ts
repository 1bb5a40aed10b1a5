import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { REPORTING_API, TEMPLATE_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { TemplatesService } from './templates.service.js';

type Body<K extends keyof typeof REPORTING_API> = z.output<(typeof REPORTING_API)[K]['body']>;

@ApiTags('templates')
@Controller()
export class TemplatesController {
  constructor(@Inject(TemplatesService) private readonly templates: TemplatesService) {}

  @ApiContract(
    REPORTING_API.findReportTemplates,
    "Report templates the caller may use: the company's, their centres' and their own",
  )
  async find(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.findReportTemplates) body: Body<'findReportTemplates'>,
  ) {
    return apiOk(await this.templates.find(access, body));
  }

  @ApiContract(REPORTING_API.findOneReportTemplate, 'One report template')
  async findOne(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.findOneReportTemplate) body: Body<'findOneReportTemplate'>,
  ) {
    return apiOk(await this.templates.findOne(access, body.id));
  }

  @ApiContract(REPORTING_API.createReportTemplate, 'Creates a report template (HTML sanitised)')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.createReportTemplate) body: Body<'createReportTemplate'>,
  ) {
    return apiOk(await this.templates.create(access, body), M.created);
  }

  @ApiContract(REPORTING_API.updateReportTemplate, 'Changes a report template (HTML sanitised)')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.updateReportTemplate) body: Body<'updateReportTemplate'>,
  ) {
    return apiOk(await this.templates.update(access, body), M.updated);
  }

  @ApiContract(REPORTING_API.setReportTemplateActive, 'Activates or inactivates a report template')
  async setActive(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(REPORTING_API.setReportTemplateActive) body: Body<'setReportTemplateActive'>,
  ) {
    const template = await this.templates.setActive(access, body);
    return apiOk(template, template.isActive ? M.activated : M.inactivated);
  }
}
