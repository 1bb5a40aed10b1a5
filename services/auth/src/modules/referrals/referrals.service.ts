import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ListQuery, Page, Referral } from '@rayworks/contracts';
import { companyOf, forbidden, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { ownerFor, wholeReach } from '../access/owner-scope.js';
import { ReferralsRepository, type ReferralInput } from './referrals.repository.js';

const NOT_FOUND = 'Referral not found';

/** Referrals, owned by the tenant, a group or a centre (docs/decisions/0012). */
@Injectable()
export class ReferralsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ReferralsRepository) private readonly referrals: ReferralsRepository,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Referral>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.referrals.list(tx, access, q);
      return { items: items.map((r) => r.toReferral()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<Referral> {
    return this.uow.read(access, async (tx) => {
      const referral = await this.referrals.findReadable(tx, access, id);
      if (!referral) throw new NotFoundException(NOT_FOUND);
      return referral.toReferral();
    });
  }

  create(access: RequestAccess, input: ReferralInput): Promise<Referral> {
    const owner = ownerFor(access);
    return this.uow.change(access, async (tx) => {
      const id = await this.referrals.insert(tx, companyOf(access.principal), input, owner);
      return (await this.referrals.findReadable(tx, wholeReach(access), id))!.toReferral();
    });
  }

  update(access: RequestAccess, input: ReferralInput & { id: string }): Promise<Referral> {
    return this.uow.change(access, async (tx) => {
      await this.writable(tx, access, input.id);
      await this.referrals.update(tx, input.id, input);
      return (await this.referrals.findReadable(tx, wholeReach(access), input.id))!.toReferral();
    });
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean): Promise<Referral> {
    return this.uow.change(access, async (tx) => {
      await this.writable(tx, access, id);
      await this.referrals.setActive(tx, id, isActive);
      return (await this.referrals.findReadable(tx, wholeReach(access), id))!.toReferral();
    });
  }

  private async writable(tx: ReadTx, access: RequestAccess, id: string): Promise<void> {
    if (!(await this.referrals.findReadable(tx, access, id))) throw new NotFoundException(NOT_FOUND);
    if (!(await this.referrals.isWritable(tx, access, id))) throw forbidden();
  }
}
