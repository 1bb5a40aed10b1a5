import { Injectable } from '@nestjs/common';
import { centreReachSql, QueryParams, type ChangeTx, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { PaymentLinkEntity } from './payment-link.entity.js';

export type NewPaymentLink = Omit<
  PaymentLinkEntity,
  | 'id'
  | 'createdAt'
  | 'updatedAt'
  | 'status'
  | 'paymentId'
  | 'providerPaymentId'
  | 'paidAt'
  | 'cancelledAt'
  | 'cancelledBy'
  | 'toLink'
  | 'toPublic'
>;

/** The partial unique index: one OPEN link per invoice (the migration's). */
export const ONE_OPEN_LINK_CONSTRAINT = 'payment_links_one_open';

/** billing.payment_links under row-level security; the desk's reads narrowed to its centres (centreReachSql). */
@Injectable()
export class PaymentLinksRepository {
  /** The link if the caller reaches its centre, or null; `lock`: locked for this unit of work. */
  findReadable(tx: ReadTx, access: RequestAccess, id: string, lock = false): Promise<PaymentLinkEntity | null> {
    const p = new QueryParams();
    const qb = tx
      .repo(PaymentLinkEntity)
      .createQueryBuilder('l')
      .where(centreReachSql(access, p, { centre: 'l.centre_id', group: 'l.group_id' }))
      .andWhere(`l.id = ${p.add(id)}`)
      .setParameters(p.values);
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** An invoice's links, newest first (the caller reached the invoice). */
  ofInvoice(tx: ReadTx, invoiceId: string): Promise<PaymentLinkEntity[]> {
    return tx.repo(PaymentLinkEntity).find({ where: { invoiceId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The link of a token's secret, in the unit of work's company (the token named it), or null. */
  byTokenHash(tx: ReadTx, tokenHash: string): Promise<PaymentLinkEntity | null> {
    return tx.repo(PaymentLinkEntity).findOneBy({ tokenHash });
  }

  /** A link by id, locked for this unit of work (a provider's event decides on it), or null. */
  lockForEvent(tx: ChangeTx, id: string): Promise<PaymentLinkEntity | null> {
    return tx
      .repo(PaymentLinkEntity)
      .createQueryBuilder('l')
      .where('l.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** The invoice's OPEN links whose expiry has passed become EXPIRED (before a new link is made). */
  async expireLapsed(tx: ChangeTx, invoiceId: string, now: Date): Promise<void> {
    await tx
      .repo(PaymentLinkEntity)
      .createQueryBuilder()
      .update()
      .set({ status: 'EXPIRED' })
      .where("invoice_id = :invoiceId AND status = 'OPEN' AND expires_at <= :now", { invoiceId, now })
      .execute();
  }

  async insert(tx: ChangeTx, link: NewPaymentLink): Promise<PaymentLinkEntity> {
    const result = await tx.repo(PaymentLinkEntity).insert({ ...link, status: 'OPEN' });
    const id = (result.identifiers[0] as { id: string }).id;
    return (await tx.repo(PaymentLinkEntity).findOneBy({ id }))!;
  }

  async markPaid(
    tx: ChangeTx,
    id: string,
    paid: { paymentId: string; providerPaymentId: string | null; paidAt: Date },
  ): Promise<void> {
    await tx.repo(PaymentLinkEntity).update({ id }, { status: 'PAID', ...paid });
  }

  async markCancelled(tx: ChangeTx, id: string, by: string, at: Date): Promise<void> {
    await tx.repo(PaymentLinkEntity).update({ id }, { status: 'CANCELLED', cancelledAt: at, cancelledBy: by });
  }
}
