import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ReferralChangedV1, type ListQuery, type Page, type Referral } from '@rayworks/contracts';
import { companyOf, forbidden, UnitOfWork, type ChangeTx, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { ownerFor, wholeReach } from '../access/owner-scope.js';
import { ReferralsRepository, type ReferralInput } from './referrals.repository.js';

const NOT_FOUND = 'Referral not found';

/**
 * Referrals, owned by the tenant, a group or a centre (docs/decisions/0012). Every change publishes the whole referral
 * (ReferralChanged on the compacted auth.referral.v1) in its unit of work: billing keeps its read model from it.
 */
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
      return this.changed(tx, access, id);
    });
  }

  update(access: RequestAccess, input: ReferralInput & { id: string }): Promise<Referral> {
    return this.uow.change(access, async (tx) => {
      await this.writable(tx, access, input.id);
      await this.referrals.update(tx, input.id, input);
      return this.changed(tx, access, input.id);
    });
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean): Promise<Referral> {
    return this.uow.change(access, async (tx) => {
      await this.writable(tx, access, id);
      await this.referrals.setActive(tx, id, isActive);
      return this.changed(tx, access, id);
    });
  }

  /** The referral as it now is: published to billing, and answered. */
  private async changed(tx: ChangeTx, access: RequestAccess, id: string): Promise<Referral> {
    const referral = (await this.referrals.findReadable(tx, wholeReach(access), id))!;
    await tx.publish(ReferralChangedV1, id, referral.toReferralChanged());
    return referral.toReferral();
  }

  private async writable(tx: ReadTx, access: RequestAccess, id: string): Promise<void> {
    if (!(await this.referrals.findReadable(tx, access, id))) throw new NotFoundException(NOT_FOUND);
    if (!(await this.referrals.isWritable(tx, access, id))) throw forbidden();
  }
}
