import {
  ConflictException,
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { z } from 'zod';
import type { Credentials } from '@rayworks/api-client';
import {
  grantsAllow,
  maySendReport,
  OUTPUT_MESSAGES,
  REPORTING_MESSAGES,
  renderReportDocument,
  SEND_REPORT_PRIVILEGE,
  type GeneratedReport,
  type REPORTING_API,
  type ReportDelivery,
  type BodyOf,
} from '@rayworks/contracts';
import {
  compactPhoneNumber,
  hashLinkToken,
  KIT_AUDIT_ACTIONS,
  parseLinkToken,
  StorageService,
  UnitOfWork,
  type RequestAccess,
  type TenantScope,
} from '@rayworks/nest-kit';
import { CasesClient } from '../reports/cases.client.js';
import { ReportsRepository } from '../reports/reports.repository.js';
import { DeliveriesRepository } from './deliveries.repository.js';
import { ReportDocumentLoader } from './report-document.loader.js';
import { pdfFileName } from './report-mail.js';
import { ReportPdfService } from './report-pdf.service.js';
import { ReportPdfsRepository } from './report-pdfs.repository.js';

export const OUTPUT_AUDIT_ACTIONS = {
  deliveryRequest: 'REPORT_DELIVERY_REQUEST',
} as const;

/** A queued PDF job not done after this long is enqueued again by /generate/report (the first one failed). */
const REQUEUE_AFTER_MS = 30_000;
/** A report id as the print view takes it (decision 0336: a module constant). */
const reportIdSchema = z.uuid();

/**
 * Output of a case's report (docs/decisions/0182–0186): the print document, the stored PDF, deliveries by mail and
 * SMS, and the SMS link. Every call about a case asks cases first with the caller's credentials (404 for a case the
 * caller cannot see) and runs in the case's company.
 */
@Injectable()
export class OutputService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CasesClient) private readonly cases: CasesClient,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ReportDocumentLoader) private readonly loader: ReportDocumentLoader,
    @Inject(ReportPdfsRepository) private readonly pdfs: ReportPdfsRepository,
    @Inject(DeliveriesRepository) private readonly deliveries: DeliveriesRepository,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(ReportPdfService) private readonly finalPdfs: ReportPdfService,
  ) {}

  /** The print document of a report (by its id), as the console's print view shows it. */
  async html(access: RequestAccess, caller: Credentials, reportId: string): Promise<string> {
    if (!reportIdSchema.safeParse(reportId).success) throw new NotFoundException('Report not found');
    const caseId = await this.uow.read(access, (tx) => this.reports.caseIdOf(tx, reportId));
    if (!caseId) throw new NotFoundException('Report not found');
    const c = await this.cases.findOne(caller, caseId);
    const loaded = await this.uow.read(access, (tx) => this.loader.byId(tx, reportId), {
      inCompany: c.companyId,
      audit: {
        action: KIT_AUDIT_ACTIONS.patientDataRead,
        target: { type: 'case', id: c._id },
        details: { reportId, view: 'print' },
      },
    });
    if (!loaded) throw new NotFoundException('Report not found');
    return renderReportDocument(loaded.input);
  }

  /** Whether the PDF of the latest final version is stored (/report/pdf answers it), else the job is (re)started. */
  async generate(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.generateReport>,
  ): Promise<GeneratedReport> {
    const final = await this.finalPdfs.latestFinal(access, caller, body.caseId);
    const { report, pdf, inCase } = final;
    if (pdf) {
      await this.finalPdfs.recordExport(access, final, pdf.object_key);
      // no storage address for the browser: /report/pdf answers the bytes through the gateway (decision 0345)
      return { reportId: report.id, version: report.version, state: 'ready' };
    }
    if (Date.now() - report.updated_at.getTime() > REQUEUE_AFTER_MS) {
      await this.uow.change(
        access,
        async (tx) => {
          await tx.enqueue('reportingReportPdf', { reportId: report.id, version: report.version });
        },
        inCase,
      );
    }
    return { reportId: report.id, version: report.version, state: 'queued' };
  }

  mail(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.mailReport>,
  ): Promise<{ deliveryId: string; message: string }> {
    return this.deliver(access, caller, body.caseId, 'mail', body.to.trim().toLowerCase(), body.name ?? null).then(
      (deliveryId) => ({
        deliveryId,
        message: REPORTING_MESSAGES.mailSent,
      }),
    );
  }

  async sms(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.smsReport>,
  ): Promise<{ deliveryId: string }> {
    const phone = compactPhoneNumber(body.phoneNumber);
    return { deliveryId: await this.deliver(access, caller, body.caseId, 'sms', phone, null) };
  }

  private async deliver(
    access: RequestAccess,
    caller: Credentials,
    caseId: string,
    channel: 'mail' | 'sms',
    to: string,
    name: string | null,
  ): Promise<string> {
    const c = await this.cases.findOne(caller, caseId);
    return this.uow.change(
      access,
      async (tx) => {
        const report = await this.reports.outputFacts(tx, c._id);
        if (!report) throw new ConflictException(OUTPUT_MESSAGES.noReport);
        if (report.status !== 'FINAL') throw new ConflictException(OUTPUT_MESSAGES.notFinal);
        const caller = {
          userId: access.principal.userId,
          holdsSendPrivilege: grantsAllow(access.principal.grants, SEND_REPORT_PRIVILEGE),
        };
        if (!maySendReport(caller, { finalizedBy: report.finalized_by }))
          throw new ForbiddenException(OUTPUT_MESSAGES.sendNotAllowed);
        const delivery = await this.deliveries.create(tx, {
          tenantId: report.tenant_id,
          reportId: report.id,
          caseId: c._id,
          channel,
          to,
          name,
          pdfVersion: report.version,
          createdBy: access.principal.userId,
        });
        await tx.enqueue('reportingReportDelivery', { deliveryId: delivery.id });
        await tx.audit({
          action: OUTPUT_AUDIT_ACTIONS.deliveryRequest,
          target: { type: 'case', id: c._id },
          details: { reportId: report.id, deliveryId: delivery.id, channel, version: report.version },
        });
        return delivery.id;
      },
      { inCompany: c.companyId },
    );
  }

  async findDeliveries(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.findDeliveries>,
  ): Promise<{ deliveries: ReportDelivery[] }> {
    const c = await this.cases.findOne(caller, body.caseId);
    const deliveries = await this.uow.read(access, (tx) => this.deliveries.ofCase(tx, c._id), {
      inCompany: c.companyId,
      audit: {
        action: KIT_AUDIT_ACTIONS.patientDataRead,
        target: { type: 'case', id: c._id },
        details: { list: 'report deliveries' },
      },
    });
    return { deliveries };
  }

  /** The PDF an SMS link opens (no login): 404 for an unknown token, 410 once the link has expired. */
  async openLink(token: string): Promise<{ pdf: Buffer; fileName: string }> {
    const parsed = parseLinkToken(token);
    if (!parsed) throw new NotFoundException('Link not found');
    const scope: TenantScope = { tenantId: parsed.tenantId, actor: { type: 'system', id: 'reporting.sms-link' } };
    const found = await this.uow.change(scope, async (tx) => {
      const delivery = await this.deliveries.byLinkHash(tx, hashLinkToken(parsed.secret));
      if (!delivery || delivery.channel !== 'sms') return null;
      if (!delivery.link_expires_at || delivery.link_expires_at.getTime() <= Date.now()) return 'expired' as const;
      const pdf = await this.pdfs.find(tx, delivery.report_id, delivery.pdf_version);
      if (!pdf) return null;
      const facts = await this.reports.deliveryFacts(tx, delivery.report_id);
      await tx.audit({
        action: KIT_AUDIT_ACTIONS.export,
        target: { type: 'case', id: delivery.case_id },
        details: { reportId: delivery.report_id, deliveryId: delivery.id, via: 'sms-link' },
      });
      return { key: pdf.object_key, fileName: pdfFileName(facts?.patient_name ?? null, delivery.pdf_version) };
    });
    if (found === 'expired') throw new GoneException(OUTPUT_MESSAGES.linkExpired);
    if (!found) throw new NotFoundException('Link not found');
    return { pdf: await this.storage.get(found.key), fileName: found.fileName };
  }
}
