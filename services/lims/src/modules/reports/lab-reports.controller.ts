import type { ServerResponse } from 'node:http';
import { Controller, Inject, Param, Res } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { LAB_REPORT_MESSAGES, LIMS_API } from '@rayworks/contracts';
import { apiOk, ApiContract, sendInlinePdf, type ContractCall } from '@rayworks/nest-kit';
import { LabReportsService } from './lab-reports.service.js';

/**
 * Test Reporting: registrations' lab tests, the lab report's PDF, its e-mail, its SMS with the link that opens it
 * and its FHIR (decisions 0309, 0310, 0315).
 */
@ApiTags('lab reports')
@Controller()
export class LabReportsController {
  constructor(@Inject(LabReportsService) private readonly reports: LabReportsService) {}

  @ApiContract(LIMS_API.findReportable, 'Registrations the caller reaches with their lab tests, latest first')
  async find({ access, body, client }: ContractCall<typeof LIMS_API.findReportable>) {
    return apiOk(await this.reports.find(access, body, client));
  }

  @ApiContract(LIMS_API.labReportPdf, "The lab report's PDF of chosen signed tests: a short-lived link, or queued")
  async pdf({ access, body, client }: ContractCall<typeof LIMS_API.labReportPdf>) {
    return apiOk(await this.reports.pdf(access, body, client));
  }

  @ApiContract(LIMS_API.mailLabReport, 'Sends the lab report of chosen signed tests by e-mail with its PDF')
  async mail({ access, body, client }: ContractCall<typeof LIMS_API.mailLabReport>) {
    return apiOk(await this.reports.mail(access, body, client), LAB_REPORT_MESSAGES.mailQueued);
  }

  @ApiContract(
    LIMS_API.smsLabReport,
    'Sends a short-lived link to the lab report of chosen signed tests by SMS (queued; retried; attempts recorded)',
  )
  async sms({ access, body, client }: ContractCall<typeof LIMS_API.smsLabReport>) {
    return apiOk(await this.reports.sms(access, body, client), LAB_REPORT_MESSAGES.smsQueued);
  }

  @ApiContract(LIMS_API.openLabReportLink, "An SMS link: the lab report's PDF while the link lives (no login)", {
    body: 'unread',
  })
  @ApiParam({ name: 'token', description: 'The token of the SMS link' })
  async link(
    _call: ContractCall<typeof LIMS_API.openLabReportLink>,
    @Param('token') token: string,
    @Res() res: ServerResponse,
  ): Promise<void> {
    const { pdf, fileName } = await this.reports.openLink(token);
    sendInlinePdf(res, pdf, fileName);
  }

  @ApiContract(LIMS_API.labReportFhir, 'The lab report of chosen signed tests as a FHIR R4 DiagnosticReport')
  async fhir({ access, body, client }: ContractCall<typeof LIMS_API.labReportFhir>) {
    return apiOk(await this.reports.fhir(access, body, client));
  }
}
