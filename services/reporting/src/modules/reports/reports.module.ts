import { Module } from '@nestjs/common';
import { AuthProfileClient } from './auth-profile.client.js';
import { CasesClient } from './cases.client.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/**
 * The report of a case (docs/decisions/0173-report-model-and-workflow.md): lock, save with versions, the typist and
 * review flow, finalize with the signature, addenda. Exports the clients of cases and auth (and the reports'
 * repository) for the other reporting modules.
 */
@Module({
  controllers: [ReportsController],
  providers: [CasesClient, AuthProfileClient, ReportsRepository, ReportsService],
  exports: [CasesClient, AuthProfileClient, ReportsRepository],
})
export class ReportsModule {}
