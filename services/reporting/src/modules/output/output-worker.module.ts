import { Module } from '@nestjs/common';
import { DeliveriesRepository } from './deliveries.repository.js';
import { DeliveryProcessor } from './delivery.processor.js';
import { OutputConfigModule } from './output-env.js';
import { PdfRenderer } from './pdf-renderer.js';
import { ReportDocumentLoader } from './report-document.loader.js';
import { ReportPdfProcessor } from './report-pdf.processor.js';
import { ReportPdfsRepository } from './report-pdfs.repository.js';
import { LoggingSmsProvider, SMS_PROVIDER } from './sms-provider.js';

/**
 * The reporting worker's output processors: reporting.report-pdf (Chromium prints the print document, one browser
 * per worker) and reporting.report-delivery (mail with the kit Mailer, SMS through the SmsProvider).
 */
@Module({
  imports: [OutputConfigModule],
  providers: [
    PdfRenderer,
    ReportDocumentLoader,
    ReportPdfsRepository,
    DeliveriesRepository,
    { provide: SMS_PROVIDER, useClass: LoggingSmsProvider },
    ReportPdfProcessor,
    DeliveryProcessor,
  ],
  exports: [PdfRenderer],
})
export class OutputWorkerModule {}
