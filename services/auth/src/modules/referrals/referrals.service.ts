import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ListQuery, Page, Referral } from '@rayworks/contracts';
import { forbidden, runInTenant, type RequestAccess } from '@rayworks/nest-kit';
import { iso, textOrNull, type Row } from '../../database/sql.js';
import { ownerFor, wholeReach } from '../access/owner-scope.js';
import { ReferralsRepository, type ReferralInput } from './referrals.repository.js';

const NOT_FOUND = 'Referral not found';

export const toReferral = (r: Row): Referral => ({
  _id: String(r.id),
  name: String(r.name),
  providerType: r.provider_type as Referral['providerType'],
  hospitalName: textOrNull(r.hospital_name),
  email: textOrNull(r.email),
  phoneNumber: textOrNull(r.phone_number),
  city: textOrNull(r.city),
  commissionPercent:
    r.commission_percent === null || r.commission_percent === undefined ? null : Number(r.commission_percent),
  isActive: Boolean(r.is_active),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Referrals, owned by the tenant, a group or a centre (docs/decisions/0012). */
@Injectable()
export class ReferralsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ReferralsRepository) private readonly referrals: ReferralsRepository,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Referral>> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const { items, total } = await this.referrals.list(m, access, q);
      return { items: items.map(toReferral), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<Referral> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const row = await this.referrals.findReadable(m, access, id);
      if (!row) throw new NotFoundException(NOT_FOUND);
      return toReferral(row);
    });
  }

  create(access: RequestAccess, input: ReferralInput): Promise<Referral> {
    const owner = ownerFor(access);
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const id = await this.referrals.insert(m, access.principal.tenantId, input, owner);
      return toReferral((await this.referrals.findReadable(m, wholeReach(access), id))!);
    });
  }

  update(access: RequestAccess, input: ReferralInput & { id: string }): Promise<Referral> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      await this.writable(m, access, input.id);
      await this.referrals.update(m, input.id, input);
      return toReferral((await this.referrals.findReadable(m, wholeReach(access), input.id))!);
    });
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean): Promise<Referral> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      await this.writable(m, access, id);
      await this.referrals.setActive(m, id, isActive);
      return toReferral((await this.referrals.findReadable(m, wholeReach(access), id))!);
    });
  }

  private async writable(m: EntityManager, access: RequestAccess, id: string): Promise<void> {
    if (!(await this.referrals.findReadable(m, access, id))) throw new NotFoundException(NOT_FOUND);
    if (!(await this.referrals.isWritable(m, access, id))) throw forbidden();
  }
}
