import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { REPORTING_API, TEMPLATE_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { TemplatesService } from './templates.service.js';

@ApiTags('templates')
@Controller()
export class TemplatesController {
  constructor(@Inject(TemplatesService) private readonly templates: TemplatesService) {}

  @ApiContract(
    REPORTING_API.findReportTemplates,
    "Report templates the caller may use: the company's, their centres' and their own; with a caseId, each with its fit to the case's study, the study's first",
  )
  async find({ access, credentials, body }: ContractCall<typeof REPORTING_API.findReportTemplates>) {
    return apiOk(await this.templates.find(access, credentials, body));
  }

  @ApiContract(REPORTING_API.findOneReportTemplate, 'One report template')
  async findOne({ access, body }: ContractCall<typeof REPORTING_API.findOneReportTemplate>) {
    return apiOk(await this.templates.findOne(access, body.id));
  }

  @ApiContract(REPORTING_API.createReportTemplate, 'Creates a report template (HTML sanitised)')
  async create({ access, body }: ContractCall<typeof REPORTING_API.createReportTemplate>) {
    return apiOk(await this.templates.create(access, body), M.created);
  }

  @ApiContract(REPORTING_API.updateReportTemplate, 'Changes a report template (HTML sanitised)')
  async update({ access, body }: ContractCall<typeof REPORTING_API.updateReportTemplate>) {
    return apiOk(await this.templates.update(access, body), M.updated);
  }

  @ApiContract(REPORTING_API.setReportTemplateActive, 'Activates or inactivates a report template')
  async setActive({ access, body }: ContractCall<typeof REPORTING_API.setReportTemplateActive>) {
    const template = await this.templates.setActive(access, body);
    return apiOk(template, template.isActive ? M.activated : M.inactivated);
  }
}
