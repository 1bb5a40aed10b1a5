import { Module } from '@nestjs/common';
import { loggingSmsProviders, pdfPrinterProvider } from '@rayworks/nest-kit';
import { REPORTING_ENV } from '../../config/env.js';
import { LayoutsRepository } from '../layouts/layouts.repository.js';
import { ReportsRepository } from '../reports/reports.repository.js';
import { DeliveriesRepository } from './deliveries.repository.js';
import { DeliveryProcessor } from './delivery.processor.js';
import { ReportDocumentLoader } from './report-document.loader.js';
import { ReportPdfProcessor } from './report-pdf.processor.js';
import { ReportPdfsRepository } from './report-pdfs.repository.js';

/**
 * The reporting worker's output processors: reporting.report-pdf (the kit's PdfPrinter prints the print document,
 * one browser per worker) and reporting.report-delivery (mail with the kit Mailer, SMS through the SmsProvider). The
 * worker has no HTTP modules: the reports' and layouts' repositories, which the print document and the mail read
 * through, are provided here (the API process has them from ReportsModule and LayoutsModule).
 */
@Module({
  providers: [
    ReportsRepository,
    LayoutsRepository,
    pdfPrinterProvider(REPORTING_ENV),
    ReportDocumentLoader,
    ReportPdfsRepository,
    DeliveriesRepository,
    ...loggingSmsProviders('reporting.sms_messages'),
    ReportPdfProcessor,
    DeliveryProcessor,
  ],
})
export class OutputWorkerModule {}
