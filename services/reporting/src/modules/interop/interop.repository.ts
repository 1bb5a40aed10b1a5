import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';

const text = z
  .string()
  .nullable()
  .optional()
  .transform((v) => v ?? null);
const when = z.union([z.date(), z.string()]).transform((v) => new Date(v).toISOString());

const reportRow = z.object({
  id: z.uuid(),
  case_id: z.uuid(),
  status: z.string(),
  version: z.coerce.number().int(),
  report_html: z.string(),
  test_name: text,
  finalized_at: when.nullable(),
  doctor_info: z.object({ doctorName: text, qualificationName: text }).loose().nullable(),
  patient: z
    .object({ patientName: text, mrID: text, gender: text, dateOfBirth: text, registrationID: text })
    .loose()
    .nullable(),
  study: z.object({ modality: text, studyDescription: text, studyDate: text, bodyPart: text }).loose().nullable(),
});
export type StoredReport = z.output<typeof reportRow>;

const addendumRow = z.object({
  id: z.uuid(),
  html: z.string(),
  finalized_at: when,
  addendum_doctor_info: z.object({ doctorName: text }).loose().nullable(),
});
export type StoredAddendum = z.output<typeof addendumRow>;

/**
 * The case's report and its final addenda as the reports module stores them (reporting.reports,
 * reporting.report_addenda; read by SQL, as the PDF worker does).
 */
@Injectable()
export class InteropRepository {
  async report(tx: ReadTx, caseId: string): Promise<StoredReport | null> {
    const rows = await typedRows(
      tx.manager,
      reportRow,
      `SELECT id, case_id, status, version, report_html, test_name, finalized_at, doctor_info, patient, study
         FROM reporting.reports WHERE case_id = :caseId`,
      { caseId },
    );
    return rows[0] ?? null;
  }

  finalAddenda(tx: ReadTx, reportId: string): Promise<StoredAddendum[]> {
    return typedRows(
      tx.manager,
      addendumRow,
      `SELECT id, html, finalized_at, addendum_doctor_info FROM reporting.report_addenda
        WHERE report_id = :reportId AND status = 'FINAL' AND finalized_at IS NOT NULL ORDER BY finalized_at, id`,
      { reportId },
    );
  }
}
