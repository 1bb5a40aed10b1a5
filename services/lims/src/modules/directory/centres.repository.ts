import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';

/** A centre of the caller's company as the LIMS knows it (lims.centres, a read model of auth.org.v1). */
export interface KnownCentre {
  id: string;
  groupId: string | null;
  name: string;
  isActive: boolean;
}

const centreRow = z.object({ id: z.uuid(), group_id: z.uuid().nullable(), name: z.string(), is_active: z.boolean() });
const toCentre = (r: z.infer<typeof centreRow>): KnownCentre => ({
  id: r.id,
  groupId: r.group_id,
  name: r.name,
  isActive: r.is_active,
});

/**
 * lims.centres: the company's groups and centres (auth.org.v1 is compacted, so the read model is complete from the
 * topic alone; docs/decisions/0120). Written by the kit's read model (LIMS_CENTRES) in the event's company, read here
 * under the caller's row-level security: a centre of another company is never found.
 */
@Injectable()
export class CentresRepository {
  /** One of the company's centres (not a group), or null. */
  async centre(tx: ReadTx, id: string): Promise<KnownCentre | null> {
    const [row] = await typedRows(
      tx.manager,
      centreRow,
      `SELECT id, group_id, name, is_active FROM lims.centres WHERE id = :id AND kind = 'centre'`,
      { id },
    );
    return row ? toCentre(row) : null;
  }

  /** The names of these centres (those the LIMS knows). */
  async names(tx: ReadTx, ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const known = [...new Set(ids.filter((id): id is string => id !== null))];
    if (known.length === 0) return new Map();
    const rows = await typedRows(
      tx.manager,
      centreRow,
      `SELECT id, group_id, name, is_active FROM lims.centres WHERE id = ANY(:ids::uuid[])`,
      { ids: known },
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
