import { Inject, Injectable } from '@nestjs/common';
import type { Report } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import type { ReportAddendumEntity, ReportEntity } from './report.entity.js';
import { lockHolder } from './report-rules.js';
import { ReportsRepository } from './reports.repository.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The report as the API shows it, with its addenda, its latest PDF and its lock (a lapsed lock shows as none). */
@Injectable()
export class ReportViews {
  constructor(@Inject(ReportsRepository) private readonly reports: ReportsRepository) {}

  async view(tx: ReadTx, row: ReportEntity): Promise<Report> {
    const addenda = await this.reports.addenda(tx, row.id);
    const pdf = await this.reports.latestPdf(tx, row.id);
    const holder = lockHolder({ userId: row.lockUserId, expiresAt: row.lockExpiresAt }, new Date());
    return {
      id: row.id,
      caseId: row.caseId,
      status: row.status,
      version: row.version,
      reportHTML: row.reportHtml,
      testName: row.testName,
      templateId: row.templateId,
      doctorInfo: row.doctorInfo,
      footerTopFields: row.footerTopFields,
      patient: row.patient,
      study: row.study,
      centreId: row.centreId,
      finalizedAt: iso(row.finalizedAt),
      finalizedBy: row.finalizedBy,
      addenda: addenda.map(addendumView),
      lock:
        holder !== null
          ? { userId: holder, userName: row.lockUserName, expiresAt: row.lockExpiresAt!.toISOString() }
          : null,
      pdf,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

const addendumView = (a: ReportAddendumEntity) => ({
  id: a.id,
  reportId: a.reportId,
  status: a.status,
  html: a.html,
  addendumDoctorInfo: a.addendumDoctorInfo,
  createdBy: a.createdBy,
  createdAt: a.createdAt.toISOString(),
  finalizedAt: iso(a.finalizedAt),
});
