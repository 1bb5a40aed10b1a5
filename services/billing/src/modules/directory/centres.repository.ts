import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';

/** A centre of the caller's company as billing knows it (billing.centres). */
export interface KnownCentre {
  id: string;
  groupId: string | null;
  code: string;
  isActive: boolean;
}

/** billing.centres (BILLING_CENTRES), read under the caller's row-level security: another company's is never found. */
@Injectable()
export class CentresRepository {
  /** One of the company's centres (not a group), or null. */
  async centre(tx: ReadTx, id: string): Promise<KnownCentre | null> {
    const [row] = await typedRows(
      tx.manager,
      z.object({ id: z.uuid(), group_id: z.uuid().nullable(), code: z.string(), is_active: z.boolean() }),
      `SELECT id, group_id, code, is_active FROM billing.centres WHERE id = :id AND kind = 'centre'`,
      { id },
    );
    return row ? { id: row.id, groupId: row.group_id, code: row.code, isActive: row.is_active } : null;
  }
}
