import { Injectable } from '@nestjs/common';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { ReportAddendumEntity, ReportEntity, ReportVersionEntity } from './report.entity.js';

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
}
