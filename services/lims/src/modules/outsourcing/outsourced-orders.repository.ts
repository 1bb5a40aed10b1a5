import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { PerformedAt } from '@rayworks/contracts';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';

const manifestIdRow = z.object({ manifest_id: z.uuid() });
const countRow = z.object({ waiting: z.coerce.number().int() });
const performedRow = z.object({ lab_order_id: z.uuid(), lab_name: z.string(), number: z.string() });

/**
 * Orders that went out on a manifest, as the rest of the LIMS sees them (docs/decisions/0313): the results' unit of
 * work marks one resulted, the worksheet and the lab report name the lab that performed it. Exported by the
 * outsourcing module: the results and reports modules read manifests only through it.
 */
@Injectable()
export class OutsourcedOrdersRepository {
  /**
   * Marks the order resulted (or not, when its results are no longer complete) on the open manifests that hold it;
   * answers those manifests' ids.
   */
  async markResulted(tx: ChangeTx, orderId: string, complete: boolean): Promise<string[]> {
    const rows = await typedRows(
      tx.manager,
      manifestIdRow,
      `UPDATE lims.manifest_orders mo
          SET resulted_at = CASE WHEN :complete THEN coalesce(mo.resulted_at, now()) ELSE NULL END
         FROM lims.manifests m
        WHERE m.id = mo.manifest_id AND mo.lab_order_id = :orderId::uuid
          AND m.status IN ('DRAFT', 'DISPATCHED', 'RECEIVED_BY_LAB')
        RETURNING mo.manifest_id`,
      { orderId, complete },
    );
    return [...new Set(rows.map((r) => r.manifest_id))];
  }

  /** How many of the manifest's orders wait for their results. */
  async waiting(tx: ReadTx, manifestId: string): Promise<number> {
    const [row] = await typedRows(
      tx.manager,
      countRow,
      `SELECT count(*) AS waiting FROM lims.manifest_orders WHERE manifest_id = :manifestId::uuid AND resulted_at IS NULL`,
      { manifestId },
    );
    return row?.waiting ?? 0;
  }

  /** The outsourcing lab each of these orders was sent to (its latest manifest not cancelled). */
  async performedAt(tx: ReadTx, orderIds: readonly string[]): Promise<Map<string, PerformedAt>> {
    if (orderIds.length === 0) return new Map();
    const rows = await typedRows(
      tx.manager,
      performedRow,
      `SELECT DISTINCT ON (mo.lab_order_id) mo.lab_order_id, l.name AS lab_name, m.number
         FROM lims.manifest_orders mo
         JOIN lims.manifests m ON m.id = mo.manifest_id
         JOIN lims.outsourcing_labs l ON l.id = m.lab_id
        WHERE mo.lab_order_id = ANY(:ids::uuid[]) AND m.status <> 'CANCELLED'
        ORDER BY mo.lab_order_id, m.created_at DESC`,
      { ids: [...new Set(orderIds)] },
    );
    return new Map(rows.map((r) => [r.lab_order_id, { labName: r.lab_name, manifestNumber: r.number }]));
  }
}
