import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_REPORT_LAYOUT,
  printLayoutOf,
  type PrintLayout,
  type RenderReportDocumentInput,
} from '@rayworks/contracts';
import { fileKeyOf, StorageService, storedImageDataUrl, type ReadTx } from '@rayworks/nest-kit';
import { LayoutsRepository } from '../layouts/layouts.repository.js';
import { ReportsRepository } from '../reports/reports.repository.js';

export interface LoadedReport {
  reportId: string;
  tenantId: string;
  caseId: string;
  centreId: string | null;
  status: string;
  version: number;
  input: RenderReportDocumentInput;
}

const doctorOf = (value: unknown) => {
  const v = value as { doctorName?: unknown; qualificationName?: unknown } | null;
  return v && typeof v.doctorName === 'string'
    ? {
        doctorName: v.doctorName,
        qualificationName: typeof v.qualificationName === 'string' ? v.qualificationName : null,
      }
    : null;
};

/**
 * Reads what the print document of a report needs in the caller's transaction (row-level security of the report's
 * company): the report and its addenda (the reports' repository), the centre's layout (the layouts' repository; the
 * fallback layout when the centre has none), and the images from the object store as data: URLs (the signer's
 * signature copied at finalize, the addenda's, the layout's logos).
 */
@Injectable()
export class ReportDocumentLoader {
  constructor(
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(LayoutsRepository) private readonly layouts: LayoutsRepository,
  ) {}

  async byId(tx: ReadTx, reportId: string): Promise<LoadedReport | null> {
    return this.load(tx, { id: reportId });
  }

  async byCase(tx: ReadTx, caseId: string): Promise<LoadedReport | null> {
    return this.load(tx, { caseId });
  }

  private async load(tx: ReadTx, by: { id: string } | { caseId: string }): Promise<LoadedReport | null> {
    const found = await this.reports.forPrint(tx, by);
    if (!found) return null;
    const { report: row, addenda } = found;
    const layout = await this.layoutOf(tx, row.centre_id);
    const [signature, headerLogo, footerLogo, watermarkImage, ...addendumSignatures] = await Promise.all([
      this.image(row.signature_key),
      this.image(fileKeyOf(layout.header.logo)),
      this.image(fileKeyOf(layout.footer.logo)),
      this.image(fileKeyOf(layout.body.waterMark?.image)),
      ...addenda.map((a) => this.image(a.signature_key)),
    ]);
    const patient = (row.patient ?? {}) as RenderReportDocumentInput['report']['patient'];
    return {
      reportId: row.id,
      tenantId: row.tenant_id,
      caseId: row.case_id,
      centreId: row.centre_id,
      status: row.status,
      version: row.version,
      input: {
        report: {
          id: row.id,
          status: row.status,
          version: row.version,
          reportHTML: row.report_html,
          testName: row.test_name,
          doctorInfo: doctorOf(row.doctor_info),
          footerTopFields: Array.isArray(row.footer_top_fields)
            ? (row.footer_top_fields as { label: string; value: string }[])
            : [],
          patient: { ...patient, patientName: String(patient.patientName ?? '') },
          study: (row.study ?? null) as RenderReportDocumentInput['report']['study'],
          finalizedAt: row.finalized_at?.toISOString() ?? null,
          createdAt: row.created_at.toISOString(),
          addenda: addenda.map((a) => ({
            id: a.id,
            status: a.status,
            html: a.html,
            addendumDoctorInfo: doctorOf(a.addendum_doctor_info),
            finalizedAt: a.finalized_at?.toISOString() ?? null,
            createdAt: a.created_at.toISOString(),
          })),
        },
        layout,
        assets: {
          signature,
          headerLogo,
          footerLogo,
          watermarkImage,
          addendumSignatures: Object.fromEntries(addenda.map((a, i) => [a.id, addendumSignatures[i] ?? null])),
        },
      },
    };
  }

  /** The centre's layout (reporting.report_layouts), over DEFAULT_REPORT_LAYOUT; the default without one. */
  private async layoutOf(tx: ReadTx, centreId: string | null): Promise<PrintLayout> {
    const fallback = DEFAULT_REPORT_LAYOUT as PrintLayout;
    if (!centreId) return printLayoutOf(null, fallback);
    const found = await this.layouts.ofCentre(tx, centreId);
    return printLayoutOf(found?.layout ?? null, fallback);
  }

  /** An object of the store as a data: URL of its image type; null when absent, unreadable or not an image. */
  private image(key: string | null): Promise<string | null> {
    return storedImageDataUrl(this.storage, key);
  }
}
