import { Module } from '@nestjs/common';
import { ResultSignaturesRepository } from '../results/result-signatures.repository.js';
import { ResultsRepository } from '../results/results.repository.js';
import { LabReportsController } from './lab-reports.controller.js';
import { LabReportLoader } from './lab-report.loader.js';
import { LabReportsRepository } from './lab-reports.repository.js';
import { LabReportsService } from './lab-reports.service.js';

/**
 * Test Reporting in the API process (docs/decisions/0309, 0310): the list, the PDF's link (printing runs in the
 * worker: LabReportsWorkerModule), the e-mail request and the FHIR export.
 */
@Module({
  controllers: [LabReportsController],
  providers: [ResultsRepository, ResultSignaturesRepository, LabReportsRepository, LabReportLoader, LabReportsService],
})
export class LabReportsModule {}
