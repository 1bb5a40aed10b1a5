import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { Credentials } from '@rayworks/api-client';
import { OUTPUT_MESSAGES, REPORT_PDF_MESSAGES } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, StorageService, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { CasesClient } from '../reports/cases.client.js';
import { ReportsRepository } from '../reports/reports.repository.js';
import { pdfFileName } from './report-mail.js';
import { ReportPdfsRepository } from './report-pdfs.repository.js';

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

  async pdf(access: RequestAccess, caller: Credentials, caseId: string): Promise<{ pdf: Buffer; fileName: string }> {
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
    const { report, pdf } = found;
    if (report.status !== 'FINAL') throw new ConflictException(OUTPUT_MESSAGES.notFinal);
    if (!pdf) throw new ConflictException(REPORT_PDF_MESSAGES.notReady);
    const bytes = await this.storage.get(pdf.object_key);
    await this.uow.read(access, async () => undefined, {
      ...inCase,
      audit: {
        action: KIT_AUDIT_ACTIONS.export,
        target: { type: 'case', id: c._id },
        details: { reportId: report.id, version: report.version, pdf: pdf.object_key, via: 'inline' },
      },
    });
    return { pdf: bytes, fileName: pdfFileName(report.patient_name, report.version) };
  }
}
