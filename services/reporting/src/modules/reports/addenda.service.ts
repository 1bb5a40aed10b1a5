import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { Credentials } from '@rayworks/api-client';
import { REPORT_MESSAGES, type REPORTING_API, type Report, type BodyOf } from '@rayworks/contracts';
import { UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { sanitiseReportHtml } from '../../common/sanitise-html.js';
import { CasesClient } from './cases.client.js';
import { versionOf } from './report.entity.js';
import { changeInCase, readInCase } from './case-work.js';
import { REPORT_AUDIT_ACTIONS } from './report-audit.js';
import { actorOf, mayAddendum } from './report-rules.js';
import { ReportSigner } from './report-signer.js';
import { ReportViews } from './report-views.js';
import { refuse } from './reports.errors.js';
import { ReportsPublisher } from './reports.publisher.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * The addenda of a final report (docs/decisions/0173): a draft saved on its own row (the report never changes), then
 * signed like a report, with ReportAddendumFinalized and a new PDF of the report with its addenda. Each call asks
 * cases for the case with the caller's credentials (404 when out of reach) and runs in the case's company.
 */
@Injectable()
export class AddendaService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(CasesClient) private readonly cases: CasesClient,
    @Inject(ReportSigner) private readonly signer: ReportSigner,
    @Inject(ReportsPublisher) private readonly publisher: ReportsPublisher,
    @Inject(ReportViews) private readonly views: ReportViews,
  ) {}

  /** Saves the addendum draft of a final report (its own row: the report never changes). */
  async save(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.saveAddendum>,
  ): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = await this.reports.ofCase(tx, c._id, { lock: true });
      if (!row) throw new ConflictException(REPORT_MESSAGES.notFinal);
      const may = mayAddendum(c, row.status, actor);
      if (!may.ok) refuse(may);
      const draft = await this.reports.draftAddendum(tx, row.id);
      const html = sanitiseReportHtml(body.html);
      const saved = await this.reports.saveAddendum(
        tx,
        draft
          ? { ...draft, html }
          : { tenantId: row.tenantId, reportId: row.id, status: 'DRAFT', html, createdBy: actor.userId },
      );
      await tx.audit({
        action: REPORT_AUDIT_ACTIONS.addendumSave,
        target: { type: 'case', id: c._id },
        details: { reportId: row.id, addendumId: saved.id },
      });
      return this.views.view(tx, row);
    });
  }

  /**
   * Finalizes the addendum draft: signed like a report (addendumDoctorInfo), ReportAddendumFinalized, and a new PDF
   * of the report with its addenda (the report's version + 1: a version row of the unchanged report text).
   */
  async finalize(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.finalizeAddendum>,
  ): Promise<Report> {
    const c = await this.cases.findOne(caller, body.caseId);
    const actor = actorOf(access);
    const report = await readInCase(this.uow, access, c, (tx) => this.reports.ofCase(tx, c._id));
    if (!report) throw new ConflictException(REPORT_MESSAGES.notFinal);
    const may = mayAddendum(c, report.status, actor);
    if (!may.ok) refuse(may);
    const signer = await this.signer.sign(caller, c.companyId, report.id);
    return changeInCase(this.uow, access, c, async (tx) => {
      const row = (await this.reports.ofCase(tx, c._id, { lock: true }))!;
      const draft = await this.reports.draftAddendum(tx, row.id);
      if (!draft) throw new ConflictException(REPORT_MESSAGES.noAddendum);
      draft.status = 'FINAL';
      draft.addendumDoctorInfo = signer.doctorInfo;
      draft.signatureKey = signer.key;
      draft.finalizedAt = new Date();
      await this.reports.saveAddendum(tx, draft);
      row.version += 1;
      const saved = await this.reports.save(tx, row);
      await this.reports.addVersion(tx, versionOf(row, 'FINAL', actor.userId, signer.doctorInfo.doctorName));
      await this.publisher.report(tx, 'ReportAddendumFinalized', saved, actor.userId, { addendumId: draft.id });
      await tx.audit({
        action: REPORT_AUDIT_ACTIONS.addendumFinalize,
        target: { type: 'case', id: c._id },
        details: { reportId: row.id, addendumId: draft.id, version: row.version },
      });
      await tx.enqueue('reportingReportPdf', { reportId: row.id, version: row.version });
      return this.views.view(tx, saved);
    });
  }
}
