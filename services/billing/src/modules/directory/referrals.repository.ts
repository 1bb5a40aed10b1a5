import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import type { ReferralChangedPayload } from '@rayworks/contracts';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';

/** A referral of the caller's company as billing knows it (billing.referrals). */
export interface KnownReferral {
  id: string;
  name: string;
  providerType: 'Internal' | 'External';
  commissionBasisPoints: number | null;
  isActive: boolean;
  ownerGroupId: string | null;
  ownerCentreId: string | null;
}

const referralRow = z.object({
  id: z.uuid(),
  name: z.string(),
  provider_type: z.enum(['Internal', 'External']),
  commission_basis_points: z.number().int().nullable(),
  is_active: z.boolean(),
  owner_group_id: z.uuid().nullable(),
  owner_centre_id: z.uuid().nullable(),
});

/** billing.referrals, the read model of auth.referral.v1, under the caller's row-level security. */
@Injectable()
export class ReferralsRepository {
  /** Writes one referral as auth last described it, in its company. */
  async upsert(manager: EntityManager, tenantId: string, r: ReferralChangedPayload): Promise<void> {
    await manager.query(
      `INSERT INTO billing.referrals (id, tenant_id, name, provider_type, hospital_name, commission_basis_points,
         is_active, owner_group_id, owner_centre_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, provider_type = EXCLUDED.provider_type,
         hospital_name = EXCLUDED.hospital_name, commission_basis_points = EXCLUDED.commission_basis_points,
         is_active = EXCLUDED.is_active, owner_group_id = EXCLUDED.owner_group_id,
         owner_centre_id = EXCLUDED.owner_centre_id, updated_at = now()`,
      [
        r.id,
        tenantId,
        r.name,
        r.providerType,
        r.hospitalName,
        r.commissionBasisPoints,
        r.isActive,
        r.ownerGroupId,
        r.ownerCentreId,
      ],
    );
  }

  /** One of the company's referrals, or null. */
  async referral(tx: ReadTx, id: string): Promise<KnownReferral | null> {
    const [row] = await typedRows(
      tx.manager,
      referralRow,
      `SELECT id, name, provider_type, commission_basis_points, is_active, owner_group_id, owner_centre_id
       FROM billing.referrals WHERE id = :id`,
      { id },
    );
    return row
      ? {
          id: row.id,
          name: row.name,
          providerType: row.provider_type,
          commissionBasisPoints: row.commission_basis_points,
          isActive: row.is_active,
          ownerGroupId: row.owner_group_id,
          ownerCentreId: row.owner_centre_id,
        }
      : null;
  }
}
