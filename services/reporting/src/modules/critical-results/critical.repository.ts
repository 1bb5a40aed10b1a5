import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { CriticalAlertStatus } from '@rayworks/contracts';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';
import { CriticalAlertEntity, CriticalSettingsEntity } from './critical-alert.entity.js';

/** How many alerts one find answers at most (newest first). */
const FIND_MAX = 200;

/** The case's report as critical results need it (reporting.reports, written by the reports module). */
const reportRow = z.object({ id: z.uuid(), version: z.coerce.number().int(), status: z.string() });
export type CaseReportRef = z.infer<typeof reportRow>;

@Injectable()
export class CriticalRepository {
  async insert(tx: ChangeTx, row: Partial<CriticalAlertEntity>): Promise<CriticalAlertEntity> {
    const repo = tx.repo(CriticalAlertEntity);
    await repo.insert(row);
    return await repo.findOneByOrFail({ id: row.id! });
  }

  one(tx: ReadTx, id: string): Promise<CriticalAlertEntity | null> {
    return tx.repo(CriticalAlertEntity).findOneBy({ id });
  }

  /** The alert, locked for this change (acknowledge and escalate never cross). */
  locked(tx: ChangeTx, id: string): Promise<CriticalAlertEntity | null> {
    return tx
      .repo(CriticalAlertEntity)
      .createQueryBuilder('a')
      .where('a.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  async update(tx: ChangeTx, id: string, patch: Partial<CriticalAlertEntity>): Promise<CriticalAlertEntity> {
    await tx.repo(CriticalAlertEntity).update({ id }, patch);
    return tx.repo(CriticalAlertEntity).findOneByOrFail({ id });
  }

  /**
   * Alerts of the transaction's company: of one case, or of the centres given (null = every centre), or those one
   * user flagged; by status, or only the ones still waiting (OPEN or ESCALATED).
   */
  find(
    tx: ReadTx,
    filter: {
      caseId?: string;
      centreIds?: readonly string[] | null;
      flaggedBy?: string;
      status?: CriticalAlertStatus;
      open?: boolean;
    },
  ): Promise<CriticalAlertEntity[]> {
    const q = tx.repo(CriticalAlertEntity).createQueryBuilder('a');
    if (filter.caseId) q.andWhere('a.case_id = :caseId', { caseId: filter.caseId });
    if (filter.centreIds) q.andWhere('a.centre_id = ANY(:centres::uuid[])', { centres: [...filter.centreIds] });
    if (filter.flaggedBy) q.andWhere('a.flagged_by = :by', { by: filter.flaggedBy });
    if (filter.status) q.andWhere('a.status = :status', { status: filter.status });
    if (filter.open) q.andWhere(`a.status <> 'ACKNOWLEDGED'`);
    return q.orderBy('a.flagged_at', 'DESC').limit(FIND_MAX).getMany();
  }

  settings(tx: ReadTx, centreId: string): Promise<CriticalSettingsEntity | null> {
    return tx.repo(CriticalSettingsEntity).findOneBy({ centreId });
  }

  async saveSettings(tx: ChangeTx, tenantId: string, centreId: string, minutes: number, by: string): Promise<void> {
    await tx.manager.query(
      `INSERT INTO reporting.critical_settings (centre_id, tenant_id, escalate_after_minutes, updated_by)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id, centre_id) DO UPDATE SET escalate_after_minutes = EXCLUDED.escalate_after_minutes,
         updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [centreId, tenantId, minutes, by],
    );
  }

  /** The case's report (one per case), or null when nobody has opened it yet. */
  async caseReport(tx: ReadTx, caseId: string): Promise<CaseReportRef | null> {
    const rows = await typedRows(
      tx.manager,
      reportRow,
      `SELECT id, version, status FROM reporting.reports WHERE case_id = :caseId`,
      { caseId },
    );
    return rows[0] ?? null;
  }
}
