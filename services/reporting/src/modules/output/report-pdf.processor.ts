import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { REPORT_EVENTS, renderReportDocument, type JobPayload } from '@rayworks/contracts';
import {
  jobCompany,
  JobProcessors,
  LOGGER,
  PdfPrinter,
  processor,
  StorageService,
  UnitOfWork,
  type JobContext,
} from '@rayworks/nest-kit';
import { REPORTING_ENV, type ReportingEnv } from '../../config/env.js';
import { ReportDocumentLoader } from './report-document.loader.js';
import { reportPdfKey, ReportPdfsRepository } from './report-pdfs.repository.js';

export type PdfJobOutcome = 'stored' | 'already-stored' | 'stale' | 'not-final' | 'missing';

/**
 * The processor of reporting.report-pdf {reportId, version} (docs/decisions/0182-report-pdf-worker.md): loads the
 * report, its addenda and the centre's layout by SQL, renders the print document (renderReportDocument, the same
 * HTML the print view shows), prints it with Chromium (the kit's PdfPrinter), stores it at
 * reports/<tenant>/<report>/v<version>.pdf, records it in reporting.report_pdfs and publishes ReportPdfStored — the
 * row and the event in one unit of work.
 * Idempotent: a version that has its PDF is done (a retried job after the commit does nothing); a retry after the
 * object was stored but before the commit overwrites the same key with the same document.
 * A job for a version that is no longer the report's latest is stale (the newer version's job prints it); a report
 * that is not FINAL is not printed (the job is dropped without retry).
 */
@Injectable()
export class ReportPdfProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(PdfPrinter) private readonly printer: PdfPrinter,
    @Inject(ReportDocumentLoader) private readonly loader: ReportDocumentLoader,
    @Inject(ReportPdfsRepository) private readonly pdfs: ReportPdfsRepository,
    @Inject(REPORTING_ENV) private readonly env: ReportingEnv,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('reportingReportPdf', (payload, context) => this.process(payload, context), {
        concurrency: this.env.REPORT_PDF_CONCURRENCY,
      }),
    );
  }

  async process(payload: JobPayload<'reportingReportPdf'>, { meta }: JobContext): Promise<PdfJobOutcome> {
    const scope = jobCompany('reportingReportPdf', meta);
    const { tenantId } = scope;
    const found = await this.uow.read(scope, async (tx) => {
      const done = await this.pdfs.find(tx, payload.reportId, payload.version);
      if (done) return 'already-stored' as const;
      return (await this.loader.byId(tx, payload.reportId)) ?? ('missing' as const);
    });
    if (typeof found === 'string') return this.done(payload, found);
    if (found.status !== 'FINAL') return this.done(payload, 'not-final');
    if (found.version > payload.version) return this.done(payload, 'stale');

    const html = renderReportDocument(found.input);
    const rendered = await this.printer.print(html);
    const key = reportPdfKey(tenantId, found.reportId, payload.version);
    await this.storage.put(key, rendered.pdf, 'application/pdf');
    const outcome = await this.uow.change(scope, async (tx) => {
      const inserted = await this.pdfs.insert(tx, {
        tenantId,
        reportId: found.reportId,
        version: payload.version,
        key,
        size: rendered.pdf.length,
        pages: rendered.pages,
        ms: rendered.ms,
      });
      if (!inserted) return 'already-stored' as const;
      await tx.publish(REPORT_EVENTS.ReportPdfStored, found.caseId, {
        reportId: found.reportId,
        caseId: found.caseId,
        version: payload.version,
        status: found.status,
        centreId: found.centreId,
        actorId: null,
        pdfKey: key,
      });
      return 'stored' as const;
    });
    this.logger.info(
      {
        reportId: found.reportId,
        version: payload.version,
        pages: rendered.pages,
        bytes: rendered.pdf.length,
        ms: rendered.ms,
      },
      'report PDF stored',
    );
    return outcome;
  }

  private done(payload: JobPayload<'reportingReportPdf'>, outcome: PdfJobOutcome): PdfJobOutcome {
    this.logger.info(
      { reportId: payload.reportId, version: payload.version, outcome },
      'report PDF job: nothing to print',
    );
    return outcome;
  }
}
