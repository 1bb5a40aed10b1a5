import { Module } from '@nestjs/common';
import { loggingSmsProviders, pdfPrinterProvider } from '@rayworks/nest-kit';
import { LIMS_ENV } from '../../config/env.js';
import { OutsourcedOrdersRepository } from '../outsourcing/outsourced-orders.repository.js';
import { ResultSignaturesRepository } from '../results/result-signatures.repository.js';
import { ResultsRepository } from '../results/results.repository.js';
import { CentreLayoutsRepository } from './centre-layouts.repository.js';
import { LabReportDeliveryProcessor } from './lab-report-delivery.processor.js';
import { LabReportLoader } from './lab-report.loader.js';
import { LabReportPdfProcessor } from './lab-report-pdf.processor.js';
import { LabReportsRepository } from './lab-reports.repository.js';

/**
 * The lims worker's lab reports (docs/decisions/0309, 0310): lims.lab-report-pdf prints with the kit's PdfPrinter
 * (one browser per worker) and lims.lab-report-delivery mails with the kit Mailer or sends an SMS through the
 * SmsProvider (the kit's logging provider, storing in lims.sms_messages; decision 0315). The worker has no HTTP modules:
 * the repositories the report reads through are provided here.
 */
@Module({
  providers: [
    ResultsRepository,
    ResultSignaturesRepository,
    LabReportsRepository,
    ...loggingSmsProviders('lims.sms_messages'),
    CentreLayoutsRepository,
    LabReportLoader,
    OutsourcedOrdersRepository,
    pdfPrinterProvider(LIMS_ENV),
    LabReportPdfProcessor,
    LabReportDeliveryProcessor,
  ],
})
export class LabReportsWorkerModule {}
