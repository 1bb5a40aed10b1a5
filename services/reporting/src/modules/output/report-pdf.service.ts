import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { Credentials } from '@rayworks/api-client';
import { OUTPUT_MESSAGES, REPORT_PDF_MESSAGES } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, StorageService, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { CasesClient } from '../reports/cases.client.js';
import { ReportsRepository } from '../reports/reports.repository.js';
import { pdfFileName } from './report-mail.js';
import { ReportPdfsRepository } from './report-pdfs.repository.js';

/** A case's latest final version, with its stored PDF once printed. */
export interface FinalReportPdf {
  caseId: string;
  inCase: { inCompany: string };
  report: NonNullable<Awaited<ReturnType<ReportsRepository['outputFacts']>>>;
  pdf: Awaited<ReturnType<ReportPdfsRepository['find']>>;
}

/**
 * The stored PDF of a case's latest final version, read from the object store by the service and answered through
 * the gateway (docs/decisions/0345-inline-report-pdf.md): the console shows it inline, and no storage address reaches
 * the browser. The case is asked of cases with the caller's credentials (404 for one they cannot see); 409 without a
 * final report, or while its PDF is still printed (/generate/report starts and tells that).
 */
@Injectable()
export class ReportPdfService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CasesClient) private readonly cases: CasesClient,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(ReportPdfsRepository) private readonly pdfs: ReportPdfsRepository,
  ) {}

  /**
   * A case's latest final version and its stored PDF (null while it is still printed): the case asked of cases with
   * the caller's credentials (404 for one they cannot see), 409 without a report or before it is final.
   */
  async latestFinal(access: RequestAccess, caller: Credentials, caseId: string): Promise<FinalReportPdf> {
    const c = await this.cases.findOne(caller, caseId);
    const inCase = { inCompany: c.companyId };
    const found = await this.uow.read(
      access,
      async (tx) => {
        const report = await this.reports.outputFacts(tx, c._id);
        return report ? { report, pdf: await this.pdfs.find(tx, report.id, report.version) } : null;
      },
      inCase,
    );
    if (!found) throw new ConflictException(OUTPUT_MESSAGES.noReport);
    if (found.report.status !== 'FINAL') throw new ConflictException(OUTPUT_MESSAGES.notFinal);
    return { caseId: c._id, inCase, ...found };
  }

  /** Audits the PDF of a final version leaving the service (an export; `via` names how, when not its link). */
  async recordExport(access: RequestAccess, final: FinalReportPdf, objectKey: string, via?: 'inline'): Promise<void> {
    const { report } = final;
    await this.uow.read(access, async () => undefined, {
      ...final.inCase,
      audit: {
        action: KIT_AUDIT_ACTIONS.export,
        target: { type: 'case', id: final.caseId },
        details: { reportId: report.id, version: report.version, pdf: objectKey, ...(via ? { via } : {}) },
      },
    });
  }

  /** `/report/pdf`: the PDF's bytes, 409 while it is still printed. */
  async pdf(access: RequestAccess, caller: Credentials, caseId: string): Promise<{ pdf: Buffer; fileName: string }> {
    const final = await this.latestFinal(access, caller, caseId);
    if (!final.pdf) throw new ConflictException(REPORT_PDF_MESSAGES.notReady);
    const bytes = await this.storage.get(final.pdf.object_key);
    await this.recordExport(access, final, final.pdf.object_key, 'inline');
    return { pdf: bytes, fileName: pdfFileName(final.report.patient_name, final.report.version) };
  }
}
