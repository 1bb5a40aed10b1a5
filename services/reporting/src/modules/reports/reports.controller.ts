import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
import { ReportsService } from './reports.service.js';

type Body<K extends keyof typeof REPORTING_API> = z.output<(typeof REPORTING_API)[K]['body']>;

@ApiTags('reports')
@Controller()
export class ReportsController {
  constructor(@Inject(ReportsService) private readonly reports: ReportsService) {}

  @ApiContract(REPORTING_API.getReportData, "The case's report (created as a draft when it has none; takes no lock)")
  async get(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.getReportData) body: Body<'getReportData'>,
  ) {
    return apiOk(await this.reports.get(access, caller, body));
  }

  @ApiContract(REPORTING_API.lockReport, 'Takes or renews the two-minute editing lock of the report')
  async lock(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.lockReport) body: Body<'lockReport'>,
  ) {
    return apiOk(await this.reports.lock(access, caller, body));
  }

  @ApiContract(REPORTING_API.unlockReport, "Releases the caller's editing lock")
  async unlock(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.unlockReport) body: Body<'unlockReport'>,
  ) {
    return apiOk(await this.reports.unlock(access, caller, body));
  }

  @ApiContract(REPORTING_API.saveReport, 'Saves the report under the lock from the version the editor holds')
  async save(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.saveReport) body: Body<'saveReport'>,
  ) {
    return apiOk(await this.reports.save(access, caller, body), REPORTING_MESSAGES.saved);
  }

  @ApiContract(REPORTING_API.reportVersions, "The report's saved versions (without their HTML), newest first")
  async versions(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.reportVersions) body: Body<'reportVersions'>,
  ) {
    return apiOk(await this.reports.versions(access, caller, body));
  }

  @ApiContract(REPORTING_API.reportVersion, 'One saved version of the report, with its HTML')
  async version(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.reportVersion) body: Body<'reportVersion'>,
  ) {
    return apiOk(await this.reports.version(access, caller, body));
  }

  @ApiContract(REPORTING_API.sendReportToTypist, 'Sends the report to a transcriptionist')
  async sendToTypist(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.sendReportToTypist) body: Body<'sendReportToTypist'>,
  ) {
    return apiOk(await this.reports.sendToTypist(access, caller, body));
  }

  @ApiContract(REPORTING_API.submitReportForReview, 'Submits the report for review')
  async submitForReview(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.submitReportForReview) body: Body<'submitReportForReview'>,
  ) {
    return apiOk(await this.reports.submitForReview(access, caller, body));
  }

  @ApiContract(REPORTING_API.finalizeReport, "Signs the report with the caller's signature; the case completes")
  async finalize(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.finalizeReport) body: Body<'finalizeReport'>,
  ) {
    return apiOk(await this.reports.finalize(access, caller, body));
  }

  @ApiContract(REPORTING_API.saveAddendum, 'Saves the addendum draft of a final report')
  async saveAddendum(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.saveAddendum) body: Body<'saveAddendum'>,
  ) {
    return apiOk(await this.reports.saveAddendum(access, caller, body), REPORTING_MESSAGES.saved);
  }

  @ApiContract(REPORTING_API.finalizeAddendum, 'Signs the addendum; a new PDF of the report follows')
  async finalizeAddendum(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.finalizeAddendum) body: Body<'finalizeAddendum'>,
  ) {
    return apiOk(await this.reports.finalizeAddendum(access, caller, body));
  }
}
