import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';
import { ReportAddendumEntity, ReportEntity, ReportVersionEntity } from './report.entity.js';

const json = z.unknown();
/** The report's facts output needs (the PDF, deliveries): its state and the patient's name. */
const outputFactsRow = z.object({
  id: z.string(),
  tenant_id: z.string(),
  case_id: z.string(),
  status: z.string(),
  version: z.number().int(),
  updated_at: z.date(),
  patient_name: z.string().nullable(),
  finalized_by: z.string().nullable(),
});
export type ReportOutputFacts = z.infer<typeof outputFactsRow>;
const deliveryFactsRow = z.object({
  test_name: z.string().nullable(),
  patient_name: z.string().nullable(),
  study_description: z.string().nullable(),
  modality: z.string().nullable(),
  centre_name: z.string().nullable(),
});
export type ReportDeliveryFacts = z.infer<typeof deliveryFactsRow>;
/** A report as its print document reads it. */
const printRow = z.object({
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
export type ReportPrintRow = z.infer<typeof printRow>;
const printAddendumRow = z.object({
  id: z.string(),
  status: z.string(),
  html: z.string(),
  addendum_doctor_info: json,
  signature_key: z.string().nullable(),
  created_at: z.date(),
  finalized_at: z.date().nullable(),
});
export type ReportPrintAddendumRow = z.infer<typeof printAddendumRow>;

const pdfRow = z.object({ version: z.number().int(), object_key: z.string(), created_at: z.coerce.date() });
const fieldLabelRow = z.object({ key: z.string(), label: z.string() });

const caseIdRow = z.object({ case_id: z.string() });

/** The queries of reporting.reports, report_versions and report_addenda. */
@Injectable()
export class ReportsRepository {
  ofCase(tx: ReadTx, caseId: string, options: { lock?: boolean } = {}): Promise<ReportEntity | null> {
    return tx
      .repo(ReportEntity)
      .findOne({ where: { caseId }, ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** Creates the case's report if it has none (a concurrent creation wins; this one reads it back). */
  async createIfMissing(tx: ChangeTx, row: Partial<ReportEntity> & { caseId: string; tenantId: string }) {
    await tx
      .repo(ReportEntity)
      .createQueryBuilder()
      .insert()
      .into(ReportEntity)
      .values({ status: 'DRAFT', version: 0, reportHtml: '', footerTopFields: [], ...row })
      .orIgnore()
      .execute();
    return (await this.ofCase(tx, row.caseId, { lock: true }))!;
  }

  save(tx: ChangeTx, row: ReportEntity): Promise<ReportEntity> {
    return tx.repo(ReportEntity).save(row);
  }

  addVersion(tx: ChangeTx, row: Omit<ReportVersionEntity, 'createdAt'>): Promise<ReportVersionEntity> {
    const repo = tx.repo(ReportVersionEntity);
    return repo.save(repo.create(row));
  }

  versions(tx: ReadTx, reportId: string): Promise<ReportVersionEntity[]> {
    return tx.repo(ReportVersionEntity).find({
      where: { reportId },
      select: { reportId: true, version: true, status: true, savedBy: true, savedByName: true, createdAt: true },
      order: { version: 'DESC' },
    });
  }

  version(tx: ReadTx, reportId: string, version: number): Promise<ReportVersionEntity | null> {
    return tx.repo(ReportVersionEntity).findOne({ where: { reportId, version } });
  }

  addenda(tx: ReadTx, reportId: string): Promise<ReportAddendumEntity[]> {
    return tx.repo(ReportAddendumEntity).find({ where: { reportId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  draftAddendum(tx: ReadTx, reportId: string): Promise<ReportAddendumEntity | null> {
    return tx.repo(ReportAddendumEntity).findOne({ where: { reportId, status: 'DRAFT' } });
  }

  saveAddendum(tx: ChangeTx, row: Partial<ReportAddendumEntity>): Promise<ReportAddendumEntity> {
    const repo = tx.repo(ReportAddendumEntity);
    return repo.save(repo.create(row));
  }

  finalAddenda(tx: ReadTx, reportId: string): Promise<number> {
    return tx.repo(ReportAddendumEntity).count({ where: { reportId, status: 'FINAL' } });
  }

  /** The newest stored PDF of the report (reporting.report_pdfs, written by the PDF worker), or null. */
  async latestPdf(tx: ReadTx, reportId: string): Promise<{ version: number; key: string; createdAt: string } | null> {
    const [row] = await typedRows(
      tx.manager,
      pdfRow,
      `SELECT version, object_key, created_at FROM reporting.report_pdfs
        WHERE report_id = :r ORDER BY version DESC LIMIT 1`,
      { r: reportId },
    );
    return row ? { version: row.version, key: row.object_key, createdAt: row.created_at.toISOString() } : null;
  }

  /**
   * The labels of these field keys (decision 0340): the report's own template's first, then those of the company's
   * other templates that define the key (active and newest first) — a report whose template was never recorded, or
   * that holds the fields of a second template, still names its fields as the templates do. A key no template
   * defines has no label here.
   */
  async fieldLabels(tx: ReadTx, keys: readonly string[], templateId: string | null): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await typedRows(
      tx.manager,
      fieldLabelRow,
      `SELECT f->>'key' AS key, f->>'label' AS label
         FROM reporting.report_templates t CROSS JOIN LATERAL jsonb_array_elements(t.fields) f
        WHERE f->>'key' = ANY(:keys::text[]) AND coalesce(f->>'label', '') <> ''
        ORDER BY (t.id = :t::uuid) IS TRUE DESC, t.is_active DESC, t.updated_at DESC`,
      { keys: [...keys], t: templateId },
    );
    const labels = new Map<string, string>();
    for (const row of rows) if (!labels.has(row.key)) labels.set(row.key, row.label);
    return labels;
  }

  /** The case of a report, or null (another company's, or none). */
  async caseIdOf(tx: ReadTx, reportId: string): Promise<string | null> {
    const [row] = await typedRows(tx.manager, caseIdRow, `SELECT case_id FROM reporting.reports WHERE id = :id`, {
      id: reportId,
    });
    return row?.case_id ?? null;
  }

  /** What output needs of a case's report (its state, version and patient's name), or null when it has none. */
  async outputFacts(tx: ReadTx, caseId: string): Promise<ReportOutputFacts | null> {
    const [row] = await typedRows(
      tx.manager,
      outputFactsRow,
      `SELECT id, tenant_id, case_id, status, version, updated_at, patient->>'patientName' AS patient_name,
              finalized_by
         FROM reporting.reports WHERE case_id = :c`,
      { c: caseId },
    );
    return row ?? null;
  }

  /** What a delivery names of its report (the test, the study, the patient, the centre), or null when it is gone. */
  async deliveryFacts(tx: ReadTx, reportId: string): Promise<ReportDeliveryFacts | null> {
    const [row] = await typedRows(
      tx.manager,
      deliveryFactsRow,
      `SELECT r.test_name, r.patient->>'patientName' AS patient_name, r.study->>'studyDescription' AS study_description,
              r.study->>'modality' AS modality, c.name AS centre_name
         FROM reporting.reports r LEFT JOIN reporting.directory_centres c ON c.id = r.centre_id
        WHERE r.id = :id`,
      { id: reportId },
    );
    return row ?? null;
  }

  /** A report (by its id or its case's) as its print document reads it, with its addenda in order; or null. */
  async forPrint(
    tx: ReadTx,
    by: { id: string } | { caseId: string },
  ): Promise<{ report: ReportPrintRow; addenda: ReportPrintAddendumRow[] } | null> {
    const [report] = await typedRows(
      tx.manager,
      printRow,
      `SELECT id, tenant_id, case_id, status, version, report_html, test_name, doctor_info, footer_top_fields, patient,
              study, centre_id, finalized_at, signature_key, created_at
         FROM reporting.reports WHERE ${'id' in by ? 'id = :v' : 'case_id = :v'}`,
      { v: 'id' in by ? by.id : by.caseId },
    );
    if (!report) return null;
    const addenda = await typedRows(
      tx.manager,
      printAddendumRow,
      `SELECT id, status, html, addendum_doctor_info, signature_key, created_at, finalized_at
         FROM reporting.report_addenda WHERE report_id = :id ORDER BY created_at, id`,
      { id: report.id },
    );
    return { report, addenda };
  }
}
