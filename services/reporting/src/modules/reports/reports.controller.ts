import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { REPORTING_API, REPORTING_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { AddendaService } from './addenda.service.js';
import { ReportsService } from './reports.service.js';

@ApiTags('reports')
@Controller()
export class ReportsController {
  constructor(
    @Inject(ReportsService) private readonly reports: ReportsService,
    @Inject(AddendaService) private readonly addenda: AddendaService,
  ) {}

  @ApiContract(REPORTING_API.getReportData, "The case's report (created as a draft when it has none; takes no lock)")
  async get({ access, credentials, body }: ContractCall<typeof REPORTING_API.getReportData>) {
    return apiOk(await this.reports.get(access, credentials, body));
  }

  @ApiContract(REPORTING_API.lockReport, 'Takes or renews the two-minute editing lock of the report')
  async lock({ access, credentials, body }: ContractCall<typeof REPORTING_API.lockReport>) {
    return apiOk(await this.reports.lock(access, credentials, body));
  }

  @ApiContract(REPORTING_API.unlockReport, "Releases the caller's editing lock")
  async unlock({ access, credentials, body }: ContractCall<typeof REPORTING_API.unlockReport>) {
    return apiOk(await this.reports.unlock(access, credentials, body));
  }

  @ApiContract(REPORTING_API.saveReport, 'Saves the report under the lock from the version the editor holds')
  async save({ access, credentials, body }: ContractCall<typeof REPORTING_API.saveReport>) {
    return apiOk(await this.reports.save(access, credentials, body), REPORTING_MESSAGES.saved);
  }

  @ApiContract(REPORTING_API.reportVersions, "The report's saved versions (without their HTML), newest first")
  async versions({ access, credentials, body }: ContractCall<typeof REPORTING_API.reportVersions>) {
    return apiOk(await this.reports.versions(access, credentials, body));
  }

  @ApiContract(REPORTING_API.reportVersion, 'One saved version of the report, with its HTML')
  async version({ access, credentials, body }: ContractCall<typeof REPORTING_API.reportVersion>) {
    return apiOk(await this.reports.version(access, credentials, body));
  }

  @ApiContract(REPORTING_API.sendReportToTypist, 'Sends the report to a transcriptionist')
  async sendToTypist({ access, credentials, body }: ContractCall<typeof REPORTING_API.sendReportToTypist>) {
    return apiOk(await this.reports.sendToTypist(access, credentials, body));
  }

  @ApiContract(REPORTING_API.submitReportForReview, 'Submits the report for review')
  async submitForReview({ access, credentials, body }: ContractCall<typeof REPORTING_API.submitReportForReview>) {
    return apiOk(await this.reports.submitForReview(access, credentials, body));
  }

  @ApiContract(REPORTING_API.finalizeReport, "Signs the report with the caller's signature; the case completes")
  async finalize({ access, credentials, body }: ContractCall<typeof REPORTING_API.finalizeReport>) {
    return apiOk(await this.reports.finalize(access, credentials, body));
  }

  @ApiContract(REPORTING_API.saveAddendum, 'Saves the addendum draft of a final report')
  async saveAddendum({ access, credentials, body }: ContractCall<typeof REPORTING_API.saveAddendum>) {
    return apiOk(await this.addenda.save(access, credentials, body), REPORTING_MESSAGES.saved);
  }

  @ApiContract(REPORTING_API.finalizeAddendum, 'Signs the addendum; a new PDF of the report follows')
  async finalizeAddendum({ access, credentials, body }: ContractCall<typeof REPORTING_API.finalizeAddendum>) {
    return apiOk(await this.addenda.finalize(access, credentials, body));
  }
}
