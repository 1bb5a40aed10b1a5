import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { ListQuery, referralInputSchema } from '@rayworks/contracts';
import { containsPattern, orderAndPage, QueryParams, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import type { OwnerScope } from '../access/owner-scope.js';
import { ScopeSql } from '../access/scope-sql.js';
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
export class ReferralsRepository {
  private query(tx: ReadTx, access: RequestAccess, which: 'ownedReadable' | 'ownedWritable') {
    const p = new QueryParams();
    const qb = tx.repo(ReferralEntity).createQueryBuilder('r').where(new ScopeSql(access, p)[which]('r'));
    return { qb, p };
  }

  async list(tx: ReadTx, access: RequestAccess, q: ListQuery): Promise<{ items: ReferralEntity[]; total: number }> {
    const { qb, p } = this.query(tx, access, 'ownedReadable');
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      qb.andWhere(
        `(r.name ILIKE ${s} OR r.hospital_name ILIKE ${s} OR r.city ILIKE ${s} OR r.phone_number ILIKE ${s})`,
      );
    }
    if (q.isActive !== undefined) qb.andWhere(`r.is_active = ${p.add(q.isActive)}`);
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, REFERRAL_SORT, 'name', 'r.id').getManyAndCount();
    return { items, total };
  }

  findReadable(tx: ReadTx, access: RequestAccess, id: string): Promise<ReferralEntity | null> {
    const { qb, p } = this.query(tx, access, 'ownedReadable');
    return qb
      .andWhere(`r.id = ${p.add(id)}`)
      .setParameters(p.values)
      .getOne();
  }

  async isWritable(tx: ReadTx, access: RequestAccess, id: string): Promise<boolean> {
    const { qb, p } = this.query(tx, access, 'ownedWritable');
    return (
      (await qb
        .andWhere(`r.id = ${p.add(id)}`)
        .setParameters(p.values)
        .getCount()) > 0
    );
  }

  async insert(tx: ReadTx, tenantId: string, input: ReferralInput, owner: OwnerScope): Promise<string> {
    const result = await tx.repo(ReferralEntity).insert({ tenantId, ...columns(input), ...owner });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ReadTx, id: string, input: ReferralInput): Promise<void> {
    await tx.repo(ReferralEntity).update({ id }, columns(input));
  }

  async setActive(tx: ReadTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(ReferralEntity).update({ id }, { isActive });
  }
}
