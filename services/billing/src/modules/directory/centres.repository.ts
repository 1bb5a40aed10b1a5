import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { centreReachSql, QueryParams, typedRows, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';

/** A centre of the caller's company as billing knows it (billing.centres). */
export interface KnownCentre {
  id: string;
  groupId: string | null;
  code: string;
  name: string;
  isActive: boolean;
}

const centreRow = z.object({
  id: z.uuid(),
  group_id: z.uuid().nullable(),
  code: z.string(),
  name: z.string(),
  is_active: z.boolean(),
});
const knownCentre = (row: z.output<typeof centreRow>): KnownCentre => ({
  id: row.id,
  groupId: row.group_id,
  code: row.code,
  name: row.name,
  isActive: row.is_active,
});

/** A centre with what is shown of it and whether it is a fusion centre (fusion invoicing). */
export interface DescribedCentre extends KnownCentre {
  name: string;
  isFusion: boolean;
}

const describedRow = z.object({
  id: z.uuid(),
  group_id: z.uuid().nullable(),
  code: z.string(),
  name: z.string(),
  is_fusion: z.boolean(),
  is_active: z.boolean(),
});

/** billing.centres (BILLING_CENTRES), read under the caller's row-level security: another company's is never found. */
@Injectable()
export class CentresRepository {
  /** One of the company's centres (not a group), or null. */
  async centre(tx: ReadTx, id: string): Promise<KnownCentre | null> {
    const [row] = await typedRows(
      tx.manager,
      centreRow,
      `SELECT id, group_id, code, name, is_active FROM billing.centres WHERE id = :id AND kind = 'centre'`,
      { id },
    );
    return row ? knownCentre(row) : null;
  }

  /** Every centre (not a group) the caller reaches, active or not, by code. */
  async inReach(tx: ReadTx, access: RequestAccess): Promise<KnownCentre[]> {
    const p = new QueryParams();
    const rows = await typedRows(
      tx.manager,
      centreRow,
      `SELECT id, group_id, code, name, is_active FROM billing.centres c
       WHERE kind = 'centre' AND ${centreReachSql(access, p, { centre: 'c.id', group: 'c.group_id' })}
       ORDER BY code, id`,
      p,
    );
    return rows.map(knownCentre);
  }

  /** One of the company's centres with its name and whether it is a fusion centre, or null. */
  async describe(tx: ReadTx, id: string): Promise<DescribedCentre | null> {
    const [row] = await typedRows(
      tx.manager,
      describedRow,
      `SELECT id, group_id, code, name, is_fusion, is_active FROM billing.centres WHERE id = :id AND kind = 'centre'`,
      { id },
    );
    return row
      ? {
          id: row.id,
          groupId: row.group_id,
          code: row.code,
          name: row.name,
          isFusion: row.is_fusion,
          isActive: row.is_active,
        }
      : null;
  }
}
