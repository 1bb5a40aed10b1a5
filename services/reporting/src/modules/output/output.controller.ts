import { Controller, Inject, Param, Res } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { z } from 'zod';
import type { Credentials } from '@rayworks/api-client';
import { REPORTING_API, REPORTING_MESSAGES } from '@rayworks/contracts';
import {
  apiOk,
  ApiContract,
  CallerCredentials,
  ContractBody,
  CurrentAccess,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { OutputService } from './output.service.js';

type Body<K extends keyof typeof REPORTING_API> = z.output<(typeof REPORTING_API)[K]['body']>;

/**
 * The print document is served with a CSP that forbids every script and remote load (and sandboxes it when opened
 * directly), so even HTML that escaped the sanitiser cannot run.
 */
const PRINT_CSP = "sandbox allow-modals; default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

@ApiTags('report output')
@Controller()
export class OutputController {
  constructor(@Inject(OutputService) private readonly output: OutputService) {}

  @ApiContract(REPORTING_API.reportHtml, 'The print document of a report (text/html, no script)')
  @ApiParam({ name: 'id', description: 'The report id' })
  async html(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @Param('id') id: string,
    @ContractBody(REPORTING_API.reportHtml) _body: Body<'reportHtml'>,
    @Res() res: Response,
  ): Promise<void> {
    const html = await this.output.html(access, caller, id);
    res.setHeader('Content-Security-Policy', PRINT_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    res.type('text/html; charset=utf-8').send(html);
  }

  @ApiContract(
    REPORTING_API.generateReport,
    'The PDF of the latest final version: a short-lived URL when stored, else queued',
  )
  async generate(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.generateReport) body: Body<'generateReport'>,
  ) {
    return apiOk(await this.output.generate(access, caller, body));
  }

  @ApiContract(REPORTING_API.mailReport, 'Mails the PDF of the final report (queued; retried; every attempt recorded)')
  async mail(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.mailReport) body: Body<'mailReport'>,
  ) {
    return apiOk(await this.output.mail(access, caller, body), REPORTING_MESSAGES.mailSent);
  }

  @ApiContract(
    REPORTING_API.smsReport,
    'Sends a short-lived link to the PDF by SMS (queued; retried; every attempt recorded)',
  )
  async sms(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.smsReport) body: Body<'smsReport'>,
  ) {
    return apiOk(await this.output.sms(access, caller, body));
  }

  @ApiContract(REPORTING_API.findDeliveries, "The case's report deliveries with their attempts, newest first")
  async deliveries(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.findDeliveries) body: Body<'findDeliveries'>,
  ) {
    return apiOk(await this.output.findDeliveries(access, caller, body));
  }

  @ApiContract(REPORTING_API.openReportLink, "An SMS link: the report's PDF while the link lives (no login)")
  @ApiParam({ name: 'token', description: 'The token of the SMS link' })
  async link(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const { pdf, fileName } = await this.output.openLink(token);
    res.setHeader('Content-Disposition', `inline; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type('application/pdf').send(pdf);
  }
}
