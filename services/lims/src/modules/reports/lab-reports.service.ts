import { createHash } from 'node:crypto';
import { BadRequestException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  LAB_REPORT_MESSAGES as M,
  OUTPUT_MESSAGES,
  type BodyOf,
  type DeliveryChannel,
  type LabReportFile,
  type LIMS_API,
  type ReportableRegistration,
} from '@rayworks/contracts';
import {
  compactPhoneNumber,
  hashLinkToken,
  KIT_AUDIT_ACTIONS,
  parseLinkToken,
  StorageService,
  UnitOfWork,
  type AuditClient,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
  type TenantScope,
} from '@rayworks/nest-kit';
import { buildLabFhirReport, type FhirLabReport } from './lab-report-fhir.js';
import { LabReportLoader } from './lab-report.loader.js';
import { LabReportsRepository, type LabReportRow, type ReportOrderRow } from './lab-reports.repository.js';

export const LAB_REPORT_AUDIT_ACTIONS = { deliveryRequest: 'LAB_REPORT_DELIVERY_REQUEST' } as const;

/**
 * The asks for one report start one print job in this time, however often the console polls; a report still not
 * stored after it (its job failed, or waits behind a long queue) gets a new job from the next ask (decision 0259).
 */
const REQUEUE_AFTER_MS = 30_000;
/** How long the presigned URL of a stored PDF works. */
const PDF_URL_TTL_SECONDS = 300;

/** The deduplication id of a report's print job. */
const printJobKey = (reportId: string): string => `lab-report-${reportId}`;

/** The key of a choice of orders at their amendments: the same choice is the same report. */
export const selectionOf = (orders: readonly { order_id: string; amendment: number | null }[]): string =>
  createHash('sha256')
    .update(
      orders
        .map((o) => `${o.order_id}:${o.amendment ?? 0}`)
        .sort()
        .join(','),
    )
    .digest('hex');

/** A file name safe in a Content-Disposition header. */
const pdfName = (registrationNumber: string): string =>
  `LabReport_${registrationNumber.replace(/[^\w.-]+/g, '_').slice(0, 60)}.pdf`;

/**
 * Test Reporting (docs/decisions/0309, 0310): registrations with their lab tests, and the lab report of chosen signed
 * tests — its PDF printed by the worker on the first ask and stored once per choice of orders at their amendments
 * (as billing prints its documents, decision 0259), sent by e-mail or by SMS (a link the public route opens, 0315),
 * and exported as FHIR R4. A registration is
 * reached through its samples' centres (404 otherwise); only SIGNED tests print ('Select Atleast One TestCode to
 * Generate' when none of the chosen is).
 */
@Injectable()
export class LabReportsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(LabReportsRepository) private readonly reports: LabReportsRepository,
    @Inject(LabReportLoader) private readonly loader: LabReportLoader,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  find(
    access: RequestAccess,
    q: BodyOf<typeof LIMS_API.findReportable>,
    client: AuditClient,
  ): Promise<{ items: ReportableRegistration[]; total: number; page: number; pageSize: number }> {
    return this.uow.read(
      access,
      async (tx) => {
        const { registrationIds, rows, total } = await this.reports.reportable(tx, access, q);
        const byRegistration = new Map<string, ReportOrderRow[]>();
        for (const r of rows)
          byRegistration.set(r.registration_id, [...(byRegistration.get(r.registration_id) ?? []), r]);
        const items = registrationIds.flatMap((id) => {
          const orders = byRegistration.get(id);
          return orders ? [registrationOf(orders)] : [];
        });
        return { items, total, page: q.page, pageSize: q.pageSize };
      },
      {
        audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: null, details: { list: 'test reporting' }, client },
      },
    );
  }

  /** The PDF of the chosen signed tests: a link once stored, else `queued` (the ask starts its print). */
  pdf(access: RequestAccess, body: BodyOf<typeof LIMS_API.labReportPdf>, client: AuditClient): Promise<LabReportFile> {
    return this.uow.change(access, async (tx) => {
      const { report, chosen } = await this.reportOf(tx, access, body);
      const testCodes = chosen.map((o) => o.test_code);
      if (!report.object_key) {
        await this.print(tx, report);
        return { reportId: report.id, registrationId: report.registration_id, testCodes, state: 'queued', url: null };
      }
      await tx.audit({
        action: KIT_AUDIT_ACTIONS.export,
        target: { type: 'registration', id: report.registration_id },
        details: { reportId: report.id, testCodes, pdf: report.object_key },
        client,
      });
      const url = await this.storage.presignGet(report.object_key, PDF_URL_TTL_SECONDS, {
        downloadName: pdfName(chosen[0]!.registration_number),
      });
      return { reportId: report.id, registrationId: report.registration_id, testCodes, state: 'ready', url };
    });
  }

  /** Sends the report of the chosen signed tests by e-mail (the worker attaches its PDF once stored). */
  mail(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.mailLabReport>,
    client: AuditClient,
  ): Promise<{ deliveryId: string; reportId: string }> {
    return this.deliver(access, body, client, 'mail', body.to.trim().toLowerCase(), body.name?.trim() || null);
  }

  /** Sends a link to the report of the chosen signed tests by SMS (the worker sends it once the PDF is stored). */
  sms(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.smsLabReport>,
    client: AuditClient,
  ): Promise<{ deliveryId: string; reportId: string }> {
    return this.deliver(access, body, client, 'sms', compactPhoneNumber(body.phoneNumber), null);
  }

  /**
   * The PDF an SMS link opens (no login; docs/decisions/0315): 404 for a token that is not one, another company's, or
   * a link an attempt since replaced; 410 once expired. The opening is audited as an export.
   */
  async openLink(token: string): Promise<{ pdf: Buffer; fileName: string }> {
    const parsed = parseLinkToken(token);
    if (!parsed) throw new NotFoundException(M.linkNotFound);
    const scope: TenantScope = { tenantId: parsed.tenantId, actor: { type: 'system', id: 'lims.sms-link' } };
    const found = await this.uow.change(scope, async (tx) => {
      const delivery = await this.reports.deliveryByLinkHash(tx, hashLinkToken(parsed.secret));
      if (!delivery || delivery.channel !== 'sms') return null;
      if (!delivery.link_expires_at || delivery.link_expires_at.getTime() <= Date.now()) return 'expired' as const;
      const report = await this.reports.byId(tx, delivery.lab_report_id);
      if (!report?.object_key) return null;
      const [order] = await this.reports.registration(tx, null, report.registration_id);
      await tx.audit({
        action: KIT_AUDIT_ACTIONS.export,
        target: { type: 'registration', id: report.registration_id },
        details: { reportId: report.id, deliveryId: delivery.id, via: 'sms-link' },
      });
      return { key: report.object_key, fileName: pdfName(order?.registration_number ?? report.id) };
    });
    if (found === 'expired') throw new GoneException(OUTPUT_MESSAGES.linkExpired);
    if (!found) throw new NotFoundException(M.linkNotFound);
    return { pdf: await this.storage.get(found.key), fileName: found.fileName };
  }

  /** Records a delivery of the chosen signed tests' report and its job (its print too, when not stored yet). */
  private deliver(
    access: RequestAccess,
    body: { registrationId: string; testCodes: readonly string[] },
    client: AuditClient,
    channel: DeliveryChannel,
    to: string,
    name: string | null,
  ): Promise<{ deliveryId: string; reportId: string }> {
    return this.uow.change(access, async (tx) => {
      const { report, chosen } = await this.reportOf(tx, access, body);
      if (!report.object_key) await this.print(tx, report);
      const deliveryId = await this.reports.createDelivery(tx, {
        tenantId: report.tenant_id,
        reportId: report.id,
        channel,
        to,
        name,
        createdBy: access.principal.userId,
      });
      await tx.enqueue('limsLabReportDelivery', { deliveryId });
      await tx.audit({
        action: LAB_REPORT_AUDIT_ACTIONS.deliveryRequest,
        target: { type: 'registration', id: report.registration_id },
        details: { reportId: report.id, deliveryId, channel, testCodes: chosen.map((o) => o.test_code) },
        client,
      });
      return { deliveryId, reportId: report.id };
    });
  }

  /** The report of the chosen signed tests as a FHIR R4 DiagnosticReport with its Observations (a read: audited). */
  fhir(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.labReportFhir>,
    client: AuditClient,
  ): Promise<FhirLabReport> {
    return this.uow.read(
      access,
      async (tx) => {
        const chosen = await this.chosen(tx, access, body);
        const loaded = await this.loader.load(tx, selectionOf(chosen).slice(0, 32), chosen);
        return buildLabFhirReport(loaded, body.registrationId);
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.export,
          target: { type: 'registration', id: body.registrationId },
          details: { format: 'FHIR R4', testCodes: body.testCodes },
          client,
        },
      },
    );
  }

  /** Records the print job of a report not stored yet (one per report in REQUEUE_AFTER_MS). */
  private async print(tx: ChangeTx, report: LabReportRow): Promise<void> {
    await tx.enqueue(
      'limsLabReportPdf',
      { reportId: report.id },
      { deduplication: { id: printJobKey(report.id), ttlMs: REQUEUE_AFTER_MS } },
    );
  }

  private async reportOf(
    tx: ChangeTx,
    access: RequestAccess,
    body: { registrationId: string; testCodes: readonly string[] },
  ): Promise<{ report: LabReportRow; chosen: ReportOrderRow[] }> {
    const chosen = await this.chosen(tx, access, body);
    const report = await this.reports.findOrCreate(tx, {
      tenantId: chosen[0]!.tenant_id,
      registrationId: body.registrationId,
      selection: selectionOf(chosen),
      orders: chosen.map((o) => ({ orderId: o.order_id, amendment: o.amendment ?? 0 })),
    });
    return { report, chosen };
  }

  /**
   * The registration's chosen tests that are signed, in print order: 404 for a registration out of reach, 400 for a
   * code it has no lab test of, 400 with the spec's message when none is chosen or none of the chosen is signed.
   */
  private async chosen(
    tx: ReadTx,
    access: RequestAccess,
    body: { registrationId: string; testCodes: readonly string[] },
  ): Promise<ReportOrderRow[]> {
    const rows = await this.reports.registration(tx, access, body.registrationId);
    if (rows.length === 0) throw new NotFoundException(M.registrationNotFound);
    const codes = new Set(body.testCodes);
    if (codes.size === 0) throw new BadRequestException(M.selectTestCode);
    const known = new Set(rows.map((r) => r.test_code));
    const unknown = [...codes].filter((c) => !known.has(c));
    if (unknown.length > 0) throw new BadRequestException(M.unknownTests(unknown));
    const signed = rows.filter((r) => codes.has(r.test_code) && r.status === 'SIGNED');
    if (signed.length === 0) throw new BadRequestException(M.selectTestCode);
    return signed;
  }
}

function registrationOf(rows: readonly ReportOrderRow[]): ReportableRegistration {
  const first = rows[0]!;
  return {
    registrationId: first.registration_id,
    registrationNumber: first.registration_number,
    registeredAt: first.registered_at.toISOString(),
    centreId: first.centre_id,
    patient: {
      patientName: first.patient_name,
      mrNumber: first.mr_number,
      gender: first.gender,
      dateOfBirth: first.date_of_birth,
      phoneNumber: first.phone_number,
    },
    tests: rows.map((r) => ({
      orderId: r.order_id,
      testCode: r.test_code,
      testName: r.test_name,
      department: r.department,
      subDepartmentName: r.sub_department_name,
      status: r.status ?? 'PENDING',
      amendment: r.amendment ?? 0,
      signedAt: r.signed_at?.toISOString() ?? null,
    })),
  };
}
