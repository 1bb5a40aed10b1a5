import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { DICTATION_TYPES } from '@rayworks/contracts';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';

const clipRow = z.object({
  id: z.string(),
  report_id: z.string(),
  case_id: z.string(),
  report_version: z.number().int(),
  object_key: z.string(),
  content_type: z.enum(DICTATION_TYPES),
  size_bytes: z.number().int(),
  duration_ms: z.number().int(),
  recorded_by: z.string(),
  recorded_by_name: z.string().nullable(),
  created_at: z.date(),
});
export type DictationRow = z.infer<typeof clipRow>;

const COLUMNS = `id, report_id, case_id, report_version, object_key, content_type, size_bytes, duration_ms, recorded_by,
  recorded_by_name, created_at`;

/** reporting.report_dictations: a report's clips, oldest first; rows are only ever added. */
@Injectable()
export class DictationsRepository {
  ofReport(tx: ReadTx, reportId: string): Promise<DictationRow[]> {
    return typedRows(
      tx.manager,
      clipRow,
      `SELECT ${COLUMNS} FROM reporting.report_dictations WHERE report_id = :r ORDER BY created_at, id`,
      { r: reportId },
    );
  }

  async one(tx: ReadTx, reportId: string, id: string): Promise<DictationRow | null> {
    const [row] = await typedRows(
      tx.manager,
      clipRow,
      `SELECT ${COLUMNS} FROM reporting.report_dictations WHERE report_id = :r AND id = :id`,
      { r: reportId, id },
    );
    return row ?? null;
  }

  async byKey(tx: ReadTx, key: string): Promise<DictationRow | null> {
    const [row] = await typedRows(
      tx.manager,
      clipRow,
      `SELECT ${COLUMNS} FROM reporting.report_dictations WHERE object_key = :k`,
      { k: key },
    );
    return row ?? null;
  }

  async insert(
    tx: ChangeTx,
    row: {
      id: string;
      tenantId: string;
      reportId: string;
      caseId: string;
      reportVersion: number;
      key: string;
      contentType: (typeof DICTATION_TYPES)[number];
      size: number;
      durationMs: number;
      recordedBy: string;
      recordedByName: string | null;
    },
  ): Promise<DictationRow> {
    const [saved] = await typedRows(
      tx.manager,
      clipRow,
      `INSERT INTO reporting.report_dictations
         (id, tenant_id, report_id, case_id, report_version, object_key, content_type, size_bytes, duration_ms,
          recorded_by, recorded_by_name)
       VALUES (:id, :t, :r, :c, :v, :k, :ct, :s, :d, :by, :name)
       RETURNING ${COLUMNS}`,
      {
        id: row.id,
        t: row.tenantId,
        r: row.reportId,
        c: row.caseId,
        v: row.reportVersion,
        k: row.key,
        ct: row.contentType,
        s: row.size,
        d: row.durationMs,
        by: row.recordedBy,
        name: row.recordedByName,
      },
    );
    return saved!;
  }
}
