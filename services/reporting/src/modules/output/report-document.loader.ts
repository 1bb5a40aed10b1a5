import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_REPORT_LAYOUT,
  printLayoutOf,
  type PrintLayout,
  type RenderReportDocumentInput,
} from '@rayworks/contracts';
import { StorageService, type ReadTx } from '@rayworks/nest-kit';
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

/** The image type of stored bytes from their magic numbers (PNG, JPEG, GIF, WebP), or null. */
export function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 6 && bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    bytes.length > 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

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
  private async image(key: string | null): Promise<string | null> {
    if (!key) return null;
    try {
      const bytes = await this.storage.get(key);
      const type = imageTypeOf(bytes);
      return type ? `data:${type};base64,${bytes.toString('base64')}` : null;
    } catch {
      return null;
    }
  }
}

/** The object key of a layout image ({fileID} — the layout stores the object key as its file id — or {key}). */
export function fileKeyOf(ref: unknown): string | null {
  if (typeof ref !== 'object' || ref === null) return null;
  const r = ref as { key?: unknown; fileID?: unknown };
  if (typeof r.key === 'string' && r.key) return r.key;
  if (typeof r.fileID === 'string' && r.fileID) return r.fileID;
  return null;
}
