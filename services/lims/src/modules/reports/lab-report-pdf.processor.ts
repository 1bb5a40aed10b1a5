import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  DEFAULT_REPORT_LAYOUT,
  printLayoutOf,
  renderLabReportDocument,
  type JobPayload,
  type PrintLayout,
} from '@rayworks/contracts';
import {
  fileKeyOf,
  jobCompany,
  JobProcessors,
  LOGGER,
  PdfPrinter,
  processor,
  StorageService,
  storedImageDataUrl,
  UnitOfWork,
  type JobContext,
} from '@rayworks/nest-kit';
import { LIMS_ENV, type LimsEnv } from '../../config/env.js';
import { CentreLayoutsRepository } from './centre-layouts.repository.js';
import { LabReportLoader } from './lab-report.loader.js';
import { labReportKey, LabReportsRepository } from './lab-reports.repository.js';

export type LabReportJobOutcome = 'stored' | 'already-stored' | 'stale' | 'missing';

/**
 * The processor of lims.lab-report-pdf {reportId} (docs/decisions/0309): reads the report's chosen orders as the
 * system in the job's company, renders the print document (renderLabReportDocument: reporting's print document with
 * the lab's body, the centre's layout as reporting saved it — lims.centre_layouts — and the pathologist's signature), prints it with the kit's PdfPrinter, stores it at
 * lims/<tenant>/reports/<registration>/<report>.pdf and records it. Idempotent: a stored report is done; a retry
 * after the put and before the row overwrites the same key with the same document. A report whose orders are no
 * longer signed at the amendments it was asked for is stale (a newer choice prints them).
 */
@Injectable()
export class LabReportPdfProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(PdfPrinter) private readonly printer: PdfPrinter,
    @Inject(LabReportLoader) private readonly loader: LabReportLoader,
    @Inject(LabReportsRepository) private readonly reports: LabReportsRepository,
    @Inject(CentreLayoutsRepository) private readonly layouts: CentreLayoutsRepository,
    @Inject(LIMS_ENV) private readonly env: LimsEnv,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('limsLabReportPdf', (payload, context) => this.process(payload, context), {
        concurrency: this.env.LAB_REPORT_PDF_CONCURRENCY,
      }),
    );
  }

  async process(payload: JobPayload<'limsLabReportPdf'>, { meta }: JobContext): Promise<LabReportJobOutcome> {
    const scope = jobCompany('limsLabReportPdf', meta);
    const found = await this.uow.read(scope, async (tx) => {
      const report = await this.reports.byId(tx, payload.reportId);
      if (!report) return 'missing' as const;
      if (report.object_key) return 'already-stored' as const;
      const rows = await this.reports.registration(tx, null, report.registration_id);
      const byId = new Map(rows.map((r) => [r.order_id, r]));
      const wanted = new Map(report.orders.map((o) => [o.orderId, o.amendment]));
      const chosen = rows.filter((r) => wanted.has(r.order_id));
      const current = report.orders.every((o) => {
        const row = byId.get(o.orderId);
        return row?.status === 'SIGNED' && (row.amendment ?? 0) === o.amendment;
      });
      if (!current) return 'stale' as const;
      const loaded = await this.loader.load(tx, report.id, chosen);
      return { report, loaded, layout: await this.layouts.ofCentre(tx, loaded.centreId) };
    });
    if (typeof found === 'string') return this.done(payload, found);

    const { report, loaded } = found;
    // the centre's layout as reporting last saved it (ReportLayoutSaved), over the default; its images from the store
    const layout = printLayoutOf(found.layout, DEFAULT_REPORT_LAYOUT as PrintLayout);
    const image = (key: string | null) => storedImageDataUrl(this.storage, key);
    const [signature, headerLogo, footerLogo, watermarkImage] = await Promise.all([
      image(loaded.signatureKey),
      image(fileKeyOf(layout.header.logo)),
      image(fileKeyOf(layout.footer.logo)),
      image(fileKeyOf(layout.body.waterMark?.image)),
    ]);
    // dates on the centre's clock (the amendment's day, "Reported on"): UTC only for samples that never had one
    const html = renderLabReportDocument(loaded.view, layout, {
      signature,
      headerLogo,
      footerLogo,
      watermarkImage,
      ...(loaded.timeZone ? { timeZone: loaded.timeZone } : {}),
    });
    const printed = await this.printer.print(html);
    const key = labReportKey(scope.tenantId, report.registration_id, report.id);
    await this.storage.put(key, printed.pdf, 'application/pdf');
    const stored = await this.uow.change(scope, (tx) =>
      this.reports.markStored(tx, report.id, {
        key,
        size: printed.pdf.length,
        pages: printed.pages,
        ms: printed.ms,
      }),
    );
    this.logger.info(
      { reportId: report.id, pages: printed.pages, bytes: printed.pdf.length, ms: printed.ms },
      'lab report PDF stored',
    );
    return stored ? 'stored' : 'already-stored';
  }

  private done(payload: JobPayload<'limsLabReportPdf'>, outcome: LabReportJobOutcome): LabReportJobOutcome {
    this.logger.info({ ...payload, outcome }, 'lab report job: nothing to print');
    return outcome;
  }
}
