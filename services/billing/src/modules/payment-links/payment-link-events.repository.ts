import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { PaymentProviderName } from '@rayworks/contracts';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { PaymentLinkEventEntity } from './payment-link-event.entity.js';

export type NewPaymentLinkEvent = Omit<PaymentLinkEventEntity, 'id' | 'createdAt' | 'updatedAt' | 'toEvent'>;

/** The unique constraint that receives each provider event once (the migration's). */
export const EVENT_ONCE_CONSTRAINT = 'payment_link_events_once';

/** billing.payment_link_events under row-level security (reached through their link). */
@Injectable()
export class PaymentLinkEventsRepository {
  /** The event a provider sent with this id, or null. */
  byEventId(tx: ReadTx, provider: PaymentProviderName, eventId: string): Promise<PaymentLinkEventEntity | null> {
    return tx.repo(PaymentLinkEventEntity).findOneBy({ provider, eventId });
  }

  /** The events of these links, oldest first. */
  ofLinks(tx: ReadTx, linkIds: readonly string[]): Promise<PaymentLinkEventEntity[]> {
    if (linkIds.length === 0) return Promise.resolve([]);
    return tx
      .repo(PaymentLinkEventEntity)
      .find({ where: { linkId: In([...linkIds]) }, order: { receivedAt: 'ASC', id: 'ASC' } });
  }

  /** The events of one attempt (checkout) on a link, oldest first. */
  ofAttempt(tx: ReadTx, linkId: string, attemptId: string): Promise<PaymentLinkEventEntity[]> {
    return tx
      .repo(PaymentLinkEventEntity)
      .find({ where: { linkId, attemptId }, order: { receivedAt: 'ASC', id: 'ASC' } });
  }

  async insert(tx: ChangeTx, event: NewPaymentLinkEvent): Promise<void> {
    await tx.repo(PaymentLinkEventEntity).insert(event);
  }
}
