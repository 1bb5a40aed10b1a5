import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';

const pdfRow = z.object({
  report_id: z.string(),
  version: z.number().int(),
  object_key: z.string(),
  size_bytes: z.number().int(),
  pages: z.number().int(),
  created_at: z.date(),
});
export type ReportPdfRow = z.infer<typeof pdfRow>;

/** The object key of a report version's PDF. */
export const reportPdfKey = (tenantId: string, reportId: string, version: number): string =>
  `reports/${tenantId}/${reportId}/v${version}.pdf`;

const idRow = z.object({ id: z.string() });

/** reporting.report_pdfs: one stored PDF per report version. */
@Injectable()
export class ReportPdfsRepository {
  async find(tx: ReadTx, reportId: string, version: number): Promise<ReportPdfRow | null> {
    const [row] = await typedRows(
      tx.manager,
      pdfRow,
      `SELECT report_id, version, object_key, size_bytes, pages, created_at
         FROM reporting.report_pdfs WHERE report_id = :r AND version = :v`,
      { r: reportId, v: version },
    );
    return row ?? null;
  }

  async latest(tx: ReadTx, reportId: string): Promise<ReportPdfRow | null> {
    const [row] = await typedRows(
      tx.manager,
      pdfRow,
      `SELECT report_id, version, object_key, size_bytes, pages, created_at
         FROM reporting.report_pdfs WHERE report_id = :r ORDER BY version DESC LIMIT 1`,
      { r: reportId },
    );
    return row ?? null;
  }

  /** Records a stored PDF; false when the version already had one (a retried job). */
  async insert(
    tx: ReadTx,
    row: { tenantId: string; reportId: string; version: number; key: string; size: number; pages: number; ms: number },
  ): Promise<boolean> {
    const inserted = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO reporting.report_pdfs (tenant_id, report_id, version, object_key, size_bytes, pages, render_ms)
       VALUES (:t, :r, :v, :k, :s, :p, :ms)
       ON CONFLICT (report_id, version) DO NOTHING RETURNING id`,
      { t: row.tenantId, r: row.reportId, v: row.version, k: row.key, s: row.size, p: row.pages, ms: row.ms },
    );
    return inserted.length > 0;
  }
}
