import { Module } from '@nestjs/common';
import { AddendaService } from './addenda.service.js';
import { AuthProfileClient } from './auth-profile.client.js';
import { CasesClient } from './cases.client.js';
import { ReportSigner } from './report-signer.js';
import { ReportViews } from './report-views.js';
import { ReportsController } from './reports.controller.js';
import { ReportsPublisher } from './reports.publisher.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/**
 * The report of a case (docs/decisions/0173-report-model-and-workflow.md): lock, save with versions, the typist and
 * review flow, finalize with the signature (ReportsService), addenda (AddendaService). Exports the clients of cases
 * and auth (and the reports' repository) for the other reporting modules.
 */
@Module({
  controllers: [ReportsController],
  providers: [
    CasesClient,
    AuthProfileClient,
    ReportsRepository,
    ReportsPublisher,
    ReportSigner,
    ReportViews,
    ReportsService,
    AddendaService,
  ],
  exports: [CasesClient, AuthProfileClient, ReportsRepository],
})
export class ReportsModule {}
