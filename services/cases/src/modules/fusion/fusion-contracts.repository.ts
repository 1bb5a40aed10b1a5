import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { FusionContract } from '@rayworks/contracts';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';

const contractRow = z.object({
  id: z.string(),
  sender_tenant_id: z.string(),
  sender_group_id: z.string(),
  fusion_tenant_id: z.string(),
  fusion_centre_id: z.string(),
  fusion_centre_name: z.string().nullable(),
  active: z.boolean(),
  created_at: z.date(),
});
export type ContractRow = z.output<typeof contractRow>;
const COLUMNS = `id, sender_tenant_id, sender_group_id, fusion_tenant_id, fusion_centre_id, fusion_centre_name, active,
  created_at`;

export const contractView = (r: ContractRow): FusionContract => ({
  _id: r.id,
  senderTenantId: r.sender_tenant_id,
  senderGroupId: r.sender_group_id,
  fusionTenantId: r.fusion_tenant_id,
  fusionCentreId: r.fusion_centre_id,
  fusionCentreName: r.fusion_centre_name,
  active: r.active,
  createdAt: r.created_at.toISOString(),
});

/**
 * cases.fusion_contracts (docs/decisions/0149-fusion-contracts.md): row-level security shows a contract to both of
 * its companies; a company writes its own one-company contracts, the platform context any.
 */
@Injectable()
export class FusionContractsRepository {
  /** The contracts the caller's company is a party to. */
  all(tx: ReadTx): Promise<ContractRow[]> {
    return typedRows(tx.manager, contractRow, `SELECT ${COLUMNS} FROM cases.fusion_contracts ORDER BY created_at DESC`);
  }

  /** The active contract by which this group may send to this fusion centre, or null. */
  async active(tx: ReadTx, senderGroupId: string, fusionCentreId: string): Promise<ContractRow | null> {
    const [row] = await typedRows(
      tx.manager,
      contractRow,
      `SELECT ${COLUMNS} FROM cases.fusion_contracts
       WHERE sender_group_id = :senderGroupId AND fusion_centre_id = :fusionCentreId AND active`,
      { senderGroupId, fusionCentreId },
    );
    return row ?? null;
  }

  /** A new contract (null when the pair has one already). */
  async create(
    tx: ChangeTx,
    c: {
      senderTenantId: string;
      senderGroupId: string;
      fusionTenantId: string;
      fusionCentreId: string;
      fusionCentreName: string | null;
      createdBy: string | null;
    },
  ): Promise<ContractRow | null> {
    const [row] = await typedRows(
      tx.manager,
      contractRow,
      `INSERT INTO cases.fusion_contracts
         (sender_tenant_id, sender_group_id, fusion_tenant_id, fusion_centre_id, fusion_centre_name, created_by)
       VALUES (:senderTenantId, :senderGroupId, :fusionTenantId, :fusionCentreId, :fusionCentreName, :createdBy)
       ON CONFLICT (sender_group_id, fusion_centre_id) DO NOTHING
       RETURNING ${COLUMNS}`,
      c,
    );
    return row ?? null;
  }
}
