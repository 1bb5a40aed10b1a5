import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';

/** A centre of the caller's company as imaging knows it (imaging.centres, a read model of auth.org.v1). */
export interface KnownCentre {
  id: string;
  groupId: string | null;
  isActive: boolean;
}

const centreRow = z.object({ id: z.uuid(), group_id: z.uuid().nullable(), is_active: z.boolean() });

/**
 * imaging.centres: the company's groups and centres (docs/decisions/0120: auth.org.v1 is compacted, so the read
 * model is complete from the topic alone). Written by the kit's read model (IMAGING_CENTRES) in the event's company,
 * read here under the caller's row-level security: a centre of another company is never found.
 */
@Injectable()
export class CentresRepository {
  /** One of the company's centres (not a group), or null. */
  async centre(tx: ReadTx, id: string): Promise<KnownCentre | null> {
    const [row] = await typedRows(
      tx.manager,
      centreRow,
      `SELECT id, group_id, is_active FROM imaging.centres WHERE id = :id AND kind = 'centre'`,
      { id },
    );
    return row ? { id: row.id, groupId: row.group_id, isActive: row.is_active } : null;
  }
}
