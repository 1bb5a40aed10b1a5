import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type {
  PaymentLink,
  PaymentLinkEvent,
  PaymentLinkEventOutcome,
  PaymentLinkEventType,
  PaymentProviderName,
} from '@rayworks/contracts';
import { minorUnits } from '../invoices/minor-units.js';

/** billing.payment_link_events: a verified provider event, once per provider and event id (docs/decisions/0283). */
@Entity({ name: 'payment_link_events' })
export class PaymentLinkEventEntity extends TenantRow {
  @Column({ name: 'link_id', type: 'uuid' })
  linkId!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: PaymentProviderName;

  @Column({ name: 'event_id', type: 'text' })
  eventId!: string;

  @Column({ type: 'varchar', length: 8 })
  type!: PaymentLinkEventType;

  @Column({ name: 'checkout_id', type: 'text' })
  checkoutId!: string;

  @Column({ name: 'attempt_id', type: 'uuid' })
  attemptId!: string;

  @Column({ name: 'provider_payment_id', type: 'text', nullable: true })
  providerPaymentId!: string | null;

  @Column({ name: 'amount_minor', type: 'bigint', transformer: minorUnits })
  amountMinor!: number;

  @Column({ type: 'char', length: 3 })
  currency!: PaymentLink['currency'];

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ type: 'varchar', length: 16 })
  outcome!: PaymentLinkEventOutcome;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  toEvent(): PaymentLinkEvent {
    return {
      eventId: this.eventId,
      type: this.type,
      providerPaymentId: this.providerPaymentId,
      amountMinor: this.amountMinor,
      currency: this.currency,
      occurredAt: this.occurredAt.toISOString(),
      receivedAt: this.receivedAt.toISOString(),
      outcome: this.outcome,
      note: this.note,
    };
  }
}
