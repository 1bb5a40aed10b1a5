import { Controller, Inject, Param, Res } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { REPORTING_API, REPORTING_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, sendInlinePdf, type ContractCall } from '@rayworks/nest-kit';
import { OutputService } from './output.service.js';
import { ReportPdfService } from './report-pdf.service.js';

/**
 * The print document is served with a CSP that forbids every script and remote load (and sandboxes it when opened
 * directly), so even HTML that escaped the sanitiser cannot run.
 */
const PRINT_CSP = "sandbox allow-modals; default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

@ApiTags('report output')
@Controller()
export class OutputController {
  constructor(
    @Inject(OutputService) private readonly output: OutputService,
    @Inject(ReportPdfService) private readonly pdfs: ReportPdfService,
  ) {}

  @ApiContract(REPORTING_API.reportHtml, 'The print document of a report (text/html, no script)')
  @ApiParam({ name: 'id', description: 'The report id' })
  async html(
    { access, credentials }: ContractCall<typeof REPORTING_API.reportHtml>,
    @Param('id') id: string,
    @Res() res: Response,
  ): Promise<void> {
    const html = await this.output.html(access, credentials, id);
    res.setHeader('Content-Security-Policy', PRINT_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    res.type('text/html; charset=utf-8').send(html);
  }

  @ApiContract(
    REPORTING_API.generateReport,
    'Whether the PDF of the latest final version is stored (ready: /report/pdf answers it), else queued',
  )
  async generate({ access, credentials, body }: ContractCall<typeof REPORTING_API.generateReport>) {
    return apiOk(await this.output.generate(access, credentials, body));
  }

  @ApiContract(
    REPORTING_API.reportPdf,
    "The stored PDF of the case's latest final version (application/pdf, inline): the console shows it in a frame",
  )
  async pdf(
    { access, credentials, body }: ContractCall<typeof REPORTING_API.reportPdf>,
    @Res() res: Response,
  ): Promise<void> {
    const { pdf, fileName } = await this.pdfs.pdf(access, credentials, body.caseId);
    sendInlinePdf(res, pdf, fileName);
  }

  @ApiContract(REPORTING_API.mailReport, 'Mails the PDF of the final report (queued; retried; every attempt recorded)')
  async mail({ access, credentials, body }: ContractCall<typeof REPORTING_API.mailReport>) {
    return apiOk(await this.output.mail(access, credentials, body), REPORTING_MESSAGES.mailSent);
  }

  @ApiContract(
    REPORTING_API.smsReport,
    'Sends a short-lived link to the PDF by SMS (queued; retried; every attempt recorded)',
  )
  async sms({ access, credentials, body }: ContractCall<typeof REPORTING_API.smsReport>) {
    return apiOk(await this.output.sms(access, credentials, body));
  }

  @ApiContract(REPORTING_API.findDeliveries, "The case's report deliveries with their attempts, newest first")
  async deliveries({ access, credentials, body }: ContractCall<typeof REPORTING_API.findDeliveries>) {
    return apiOk(await this.output.findDeliveries(access, credentials, body));
  }

  @ApiContract(REPORTING_API.openReportLink, "An SMS link: the report's PDF while the link lives (no login)", {
    body: 'unread',
  })
  @ApiParam({ name: 'token', description: 'The token of the SMS link' })
  async link(
    _call: ContractCall<typeof REPORTING_API.openReportLink>,
    @Param('token') token: string,
    @Res() res: Response,
  ): Promise<void> {
    const { pdf, fileName } = await this.output.openLink(token);
    sendInlinePdf(res, pdf, fileName);
  }
}
