import { Module } from '@nestjs/common';
import { ResultSignaturesRepository } from '../results/result-signatures.repository.js';
import { ResultsRepository } from '../results/results.repository.js';
import { CentreLayoutsConsumer } from './centre-layouts.consumer.js';
import { CentreLayoutsRepository } from './centre-layouts.repository.js';
import { LabReportsController } from './lab-reports.controller.js';
import { OutsourcedOrdersRepository } from '../outsourcing/outsourced-orders.repository.js';
import { LabReportLoader } from './lab-report.loader.js';
import { LabReportsRepository } from './lab-reports.repository.js';
import { LabReportsService } from './lab-reports.service.js';

/**
 * Test Reporting in the API process (docs/decisions/0309, 0310): the list, the PDF's link (printing runs in the
 * worker: LabReportsWorkerModule), the e-mail request and the FHIR export; the centres' report layouts kept from
 * reporting's ReportLayoutSaved.
 */
@Module({
  controllers: [LabReportsController],
  providers: [
    ResultsRepository,
    ResultSignaturesRepository,
    LabReportsRepository,
    LabReportLoader,
    OutsourcedOrdersRepository,
    LabReportsService,
    CentreLayoutsRepository,
    CentreLayoutsConsumer,
  ],
})
export class LabReportsModule {}
