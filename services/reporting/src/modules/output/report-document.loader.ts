import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { printLayoutOf, type PrintLayout, type RenderReportDocumentInput } from '@rayworks/contracts';
import { StorageService, typedRows, type ReadTx } from '@rayworks/nest-kit';

const json = z.unknown();
const reportRow = z.object({
  id: z.string(),
  tenant_id: z.string(),
  case_id: z.string(),
  status: z.string(),
  version: z.number().int(),
  report_html: z.string(),
  test_name: z.string().nullable(),
  doctor_info: json,
  footer_top_fields: json,
  patient: json,
  study: json,
  centre_id: z.string().nullable(),
  finalized_at: z.date().nullable(),
  signature_key: z.string().nullable(),
  created_at: z.date(),
});
const addendumRow = z.object({
  id: z.string(),
  status: z.string(),
  html: z.string(),
  addendum_doctor_info: json,
  signature_key: z.string().nullable(),
  created_at: z.date(),
  finalized_at: z.date().nullable(),
});

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
 * Reads what the print document of a report needs, by SQL in the caller's transaction (row-level security of the
 * report's company): the report (reporting.reports), its addenda (reporting.report_addenda), the centre's layout
 * (reporting.report_layouts, the fallback layout when the centre has none), and the images from the object store
 * as data: URLs (the signer's signature copied at finalize, the addenda's, the layout's logos).
 */
@Injectable()
export class ReportDocumentLoader {
  constructor(@Inject(StorageService) private readonly storage: StorageService) {}

  async byId(tx: ReadTx, reportId: string): Promise<LoadedReport | null> {
    return this.load(tx, 'id = :v', reportId);
  }

  async byCase(tx: ReadTx, caseId: string): Promise<LoadedReport | null> {
    return this.load(tx, 'case_id = :v', caseId);
  }

  private async load(tx: ReadTx, where: string, value: string): Promise<LoadedReport | null> {
    const [row] = await typedRows(
      tx.manager,
      reportRow,
      `SELECT id, tenant_id, case_id, status, version, report_html, test_name, doctor_info, footer_top_fields, patient,
              study, centre_id, finalized_at, signature_key, created_at
         FROM reporting.reports WHERE ${where}`,
      { v: value },
    );
    if (!row) return null;
    const addenda = await typedRows(
      tx.manager,
      addendumRow,
      `SELECT id, status, html, addendum_doctor_info, signature_key, created_at, finalized_at
         FROM reporting.report_addenda WHERE report_id = :id ORDER BY created_at, id`,
      { id: row.id },
    );
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

  /** The centre's layout (templates' reporting.report_layouts), over the fallback; the fallback without one. */
  private async layoutOf(tx: ReadTx, centreId: string | null): Promise<PrintLayout> {
    if (!centreId) return printLayoutOf(null);
    const [exists] = await typedRows(
      tx.manager,
      z.object({ t: z.string().nullable() }),
      `SELECT to_regclass('reporting.report_layouts')::text AS t`,
    );
    if (!exists?.t) return printLayoutOf(null);
    const [found] = await typedRows(
      tx.manager,
      z.object({ layout: json }),
      `SELECT layout FROM reporting.report_layouts WHERE centre_id = :c`,
      { c: centreId },
    );
    return printLayoutOf(found?.layout ?? null);
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
