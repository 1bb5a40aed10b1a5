import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';
import { ReportAddendumEntity, ReportEntity, ReportVersionEntity } from './report.entity.js';

const pdfRow = z.object({ version: z.number().int(), object_key: z.string(), created_at: z.coerce.date() });
const fieldsRow = z.object({ fields: z.array(z.object({ key: z.string(), label: z.string() }).passthrough()) });

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

  /** The labels of a template's fields by key (empty when the template is gone or not visible). */
  async templateFieldLabels(tx: ReadTx, templateId: string): Promise<Map<string, string>> {
    const [row] = await typedRows(
      tx.manager,
      fieldsRow,
      `SELECT fields FROM reporting.report_templates WHERE id = :t`,
      {
        t: templateId,
      },
    );
    return new Map((row?.fields ?? []).map((f) => [f.key, f.label]));
  }
}
