import { Injectable } from '@nestjs/common';
import type { ReportLayout } from '@rayworks/contracts';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { ReportLayoutEntity } from './report-layout.entity.js';

/** The queries of reporting.report_layouts. */
@Injectable()
export class LayoutsRepository {
  ofCentre(tx: ReadTx, centreId: string): Promise<ReportLayoutEntity | null> {
    return tx.repo(ReportLayoutEntity).findOne({ where: { centreId } });
  }

  /** Writes the centre's layout (one row per centre: a second save replaces the first). */
  async upsert(
    tx: ChangeTx,
    row: { tenantId: string; centreId: string; layout: ReportLayout; userId: string },
  ): Promise<ReportLayoutEntity> {
    await tx.manager.query(
      `INSERT INTO reporting.report_layouts (centre_id, tenant_id, layout, updated_by, updated_at)
       VALUES ($1, $2, $3::jsonb, $4, clock_timestamp())
       ON CONFLICT (centre_id) DO UPDATE
         SET layout = EXCLUDED.layout, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [row.centreId, row.tenantId, JSON.stringify(row.layout), row.userId],
    );
    return (await this.ofCentre(tx, row.centreId))!;
  }
}
