import { Module } from '@nestjs/common';
import { LayoutsModule } from '../layouts/layouts.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { DeliveriesRepository } from './deliveries.repository.js';
import { OutputController } from './output.controller.js';
import { OutputService } from './output.service.js';
import { ReportDocumentLoader } from './report-document.loader.js';
import { ReportPdfService } from './report-pdf.service.js';
import { ReportPdfsRepository } from './report-pdfs.repository.js';

/**
 * Output of reports in the API process (docs/decisions/0182–0186, 0345): /report/html/{id}, /generate/report, /report/pdf, /mail,
 * /sms/report, /deliveries/find and the SMS link. The printing and sending run in the worker (OutputWorkerModule).
 */
@Module({
  imports: [ReportsModule, LayoutsModule],
  controllers: [OutputController],
  providers: [OutputService, ReportPdfService, ReportDocumentLoader, ReportPdfsRepository, DeliveriesRepository],
})
export class OutputModule {}
