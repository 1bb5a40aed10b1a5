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

const uploadRow = z.object({
  id: z.string(),
  tenant_id: z.string(),
  case_id: z.string(),
  object_key: z.string(),
});
const idRow = z.object({ id: z.string() });
/** An upload URL signed and not attached (reporting.dictation_uploads): what the sweeper deletes once it is old. */
export type DictationUploadRow = z.infer<typeof uploadRow>;

/**
 * reporting.report_dictations: a report's clips, oldest first; rows are only ever added. reporting.dictation_uploads:
 * the uploads signed and not yet attached (docs/decisions/0377-unattached-dictation-sweep.md).
 */
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

  /** Records a signed upload URL's key (the upload-url call, in the case's company). */
  async recordUpload(
    tx: ChangeTx,
    row: { tenantId: string; caseId: string; key: string; contentType: (typeof DICTATION_TYPES)[number] },
  ): Promise<void> {
    await tx.manager.query(
      `INSERT INTO reporting.dictation_uploads (tenant_id, case_id, object_key, content_type) VALUES ($1, $2, $3, $4)`,
      [row.tenantId, row.caseId, row.key, row.contentType],
    );
  }

  /**
   * The attach's claim on its upload: the row deleted, true when there was one. It waits for a sweeper holding the
   * row, and then finds none: the object is gone with it.
   */
  async claimUpload(tx: ChangeTx, key: string): Promise<boolean> {
    const rows = await typedRows(
      tx.manager,
      idRow,
      `DELETE FROM reporting.dictation_uploads WHERE object_key = :k RETURNING id`,
      { k: key },
    );
    return rows.length > 0;
  }

  /** The uploads of every company not attached for `hours`, oldest first (the sweeper's 'system' context). */
  dueUploads(tx: ReadTx, hours: number, limit: number): Promise<DictationUploadRow[]> {
    return typedRows(
      tx.manager,
      uploadRow,
      `SELECT id, tenant_id, case_id, object_key FROM reporting.dictation_uploads
        WHERE created_at < now() - make_interval(hours => :h) ORDER BY created_at LIMIT :n`,
      { h: hours, n: limit },
    );
  }

  /**
   * One due upload locked in its company's transaction, still unattached and still older than `hours`; null when it
   * is gone, young, or another sweeper or an attach holds it (SKIP LOCKED).
   */
  async lockDueUpload(tx: ChangeTx, id: string, hours: number): Promise<DictationUploadRow | null> {
    const [row] = await typedRows(
      tx.manager,
      uploadRow,
      `SELECT id, tenant_id, case_id, object_key FROM reporting.dictation_uploads u
        WHERE id = :id AND created_at < now() - make_interval(hours => :h)
          AND NOT EXISTS (SELECT 1 FROM reporting.report_dictations d WHERE d.object_key = u.object_key)
        FOR UPDATE SKIP LOCKED`,
      { id, h: hours },
    );
    return row ?? null;
  }

  async deleteUpload(tx: ChangeTx, id: string): Promise<void> {
    await tx.manager.query(`DELETE FROM reporting.dictation_uploads WHERE id = $1`, [id]);
  }
}
