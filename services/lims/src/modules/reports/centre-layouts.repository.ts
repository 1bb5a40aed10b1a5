import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';

const layoutRow = z.object({ layout: z.unknown() });

/** lims.centre_layouts: each centre's report layout as reporting last saved it (the lab reports print in it). */
@Injectable()
export class CentreLayoutsRepository {
  /** Keeps the centre's layout (the last saved wins: the topic keeps one event per centre, in order). */
  async keep(tx: ChangeTx, row: { tenantId: string; centreId: string; layout: unknown }): Promise<void> {
    await tx.manager.query(
      `INSERT INTO lims.centre_layouts (centre_id, tenant_id, layout, updated_at)
       VALUES ($1, $2, $3::jsonb, now())
       ON CONFLICT (centre_id) DO UPDATE SET layout = EXCLUDED.layout, updated_at = EXCLUDED.updated_at`,
      [row.centreId, row.tenantId, JSON.stringify(row.layout)],
    );
  }

  /** The centre's layout as stored (any shape: the print document reads it over the default), or null. */
  async ofCentre(tx: ReadTx, centreId: string): Promise<unknown> {
    const [row] = await typedRows(
      tx.manager,
      layoutRow,
      `SELECT layout FROM lims.centre_layouts WHERE centre_id = :centreId`,
      { centreId },
    );
    return row?.layout ?? null;
  }
}
