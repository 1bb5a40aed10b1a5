import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { CriticalAlertStatus } from '@rayworks/contracts';
import {
  centreReachSql,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
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

  /**
   * A lab order's alert, once: its id is the LIMS's alert id, so a second delivery of the same critical results
   * (a redelivery, a second save) inserts nothing and answers null.
   */
  async insertOnce(tx: ChangeTx, row: Partial<CriticalAlertEntity>): Promise<CriticalAlertEntity | null> {
    const result = await tx
      .repo(CriticalAlertEntity)
      .createQueryBuilder()
      .insert()
      .values(row)
      .orIgnore()
      .returning('id')
      .execute();
    if (result.raw.length === 0) return null;
    return tx.repo(CriticalAlertEntity).findOneByOrFail({ id: row.id! });
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
   * Alerts of the transaction's company: of one case, or of lab orders, or of the centres in a caller's reach
   * (centreReachSql: a company user every centre, a group's user the group's, a centre's user its own), or those one
   * user flagged; by status, or only the ones still waiting (OPEN or ESCALATED).
   */
  find(
    tx: ReadTx,
    filter: {
      caseId?: string;
      labOrderIds?: readonly string[];
      reach?: RequestAccess;
      flaggedBy?: string;
      status?: CriticalAlertStatus;
      open?: boolean;
      /** At most this many, newest first (FIND_MAX by default). */
      limit?: number;
    },
  ): Promise<CriticalAlertEntity[]> {
    const p = new QueryParams();
    const q = tx.repo(CriticalAlertEntity).createQueryBuilder('a');
    if (filter.caseId) q.andWhere(`a.case_id = ${p.add(filter.caseId)}`);
    if (filter.labOrderIds) q.andWhere(`a.lab_order_id = ANY(${p.add([...filter.labOrderIds])}::uuid[])`);
    if (filter.reach) q.andWhere(centreReachSql(filter.reach, p, { centre: 'a.centre_id', group: 'a.group_id' }));
    if (filter.flaggedBy) q.andWhere(`a.flagged_by = ${p.add(filter.flaggedBy)}`);
    if (filter.status) q.andWhere(`a.status = ${p.add(filter.status)}`);
    if (filter.open) q.andWhere(`a.status <> 'ACKNOWLEDGED'`);
    return q
      .setParameters(p.values)
      .orderBy('a.flagged_at', 'DESC')
      .limit(filter.limit ?? FIND_MAX)
      .getMany();
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
