import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { referralInputSchema } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import type { OwnerScope } from '../access/owner-scope.js';
import { OwnedRecordsRepository } from '../access/owned-records.repository.js';
import { ReferralEntity } from './referral.entity.js';

export type ReferralInput = z.output<typeof referralInputSchema>;

/** Sortable list fields (contract names) → columns. */
export const REFERRAL_SORT = {
  name: 'r.name',
  providerType: 'r.providerType',
  hospitalName: 'r.hospitalName',
  city: 'r.city',
  createdAt: 'r.createdAt',
} as const;

const columns = (i: ReferralInput) => ({
  name: i.name,
  providerType: i.providerType,
  hospitalName: i.hospitalName ?? null,
  email: i.email ?? null,
  phoneNumber: i.phoneNumber ?? null,
  city: i.city ?? null,
  commissionBasisPoints: i.commissionBasisPoints ?? null,
});

/** Referrals (referring doctors and hospitals): owner-scoped reference data. */
@Injectable()
export class ReferralsRepository extends OwnedRecordsRepository<ReferralEntity> {
  constructor() {
    super(ReferralEntity, 'r', {
      search: (s) =>
        `(r.name ILIKE ${s} OR r.hospital_name ILIKE ${s} OR r.city ILIKE ${s} OR r.phone_number ILIKE ${s})`,
      sort: REFERRAL_SORT,
      defaultSort: 'name',
    });
  }

  async insert(tx: ReadTx, tenantId: string, input: ReferralInput, owner: OwnerScope): Promise<string> {
    const result = await tx.repo(ReferralEntity).insert({ tenantId, ...columns(input), ...owner });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ReadTx, id: string, input: ReferralInput): Promise<void> {
    await tx.repo(ReferralEntity).update({ id }, columns(input));
  }
}
