import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { PaymentLink, PaymentLinkStatus, PaymentProviderName, PublicPaymentLink } from '@rayworks/contracts';
import { minorUnits } from '../invoices/minor-units.js';
import type { PaymentLinkEventEntity } from './payment-link-event.entity.js';
import { linkStatus } from './payment-link-rules.js';

/**
 * billing.payment_links: an invoice's balance payable online through a link (docs/decisions/0281). The token's secret
 * is kept only as its SHA-256; what the public page shows (centre, invoice number, the patient's first name) is copied
 * when the link is made.
 */
@Entity({ name: 'payment_links' })
export class PaymentLinkEntity extends TenantRow {
  @Column({ name: 'invoice_id', type: 'uuid' })
  invoiceId!: string;

  @Column({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'invoice_number', type: 'text' })
  invoiceNumber!: string;

  @Column({ name: 'centre_name', type: 'text' })
  centreName!: string;

  @Column({ name: 'patient_display', type: 'text' })
  patientDisplay!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'amount_minor', type: 'bigint', transformer: minorUnits })
  amountMinor!: number;

  @Column({ type: 'char', length: 3 })
  currency!: PaymentLink['currency'];

  /** As stored: an OPEN link past its expiry reads EXPIRED (payment-link-rules.ts linkStatus). */
  @Column({ type: 'varchar', length: 16 })
  status!: PaymentLinkStatus;

  @Column({ type: 'varchar', length: 16 })
  provider!: PaymentProviderName;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'payment_id', type: 'uuid', nullable: true })
  paymentId!: string | null;

  @Column({ name: 'provider_payment_id', type: 'text', nullable: true })
  providerPaymentId!: string | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  @Column({ name: 'cancelled_by', type: 'uuid', nullable: true })
  cancelledBy!: string | null;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @Column({ name: 'created_by_name', type: 'text' })
  createdByName!: string;

  /** The link as the desk sees it, with the provider's events on it (oldest first). */
  toLink(events: readonly PaymentLinkEventEntity[], now: Date): PaymentLink {
    return {
      _id: this.id,
      invoiceId: this.invoiceId,
      invoiceNumber: this.invoiceNumber,
      centreId: this.centreId,
      amountMinor: this.amountMinor,
      currency: this.currency,
      status: linkStatus(this, now),
      provider: this.provider,
      expiresAt: this.expiresAt.toISOString(),
      createdAt: this.createdAt.toISOString(),
      createdBy: { userId: this.createdBy, loginName: this.createdByName },
      paymentId: this.paymentId,
      providerPaymentId: this.providerPaymentId,
      paidAt: this.paidAt?.toISOString() ?? null,
      cancelledAt: this.cancelledAt?.toISOString() ?? null,
      events: events.map((e) => e.toEvent()),
      refundDueMinor: events.filter((e) => e.outcome === 'REFUND_DUE').reduce((sum, e) => sum + e.amountMinor, 0),
    };
  }

  /** The link as the public /payment page shows it: nothing but what the patient needs to pay. */
  toPublic(attempt: PublicPaymentLink['attempt'], now: Date): PublicPaymentLink {
    return {
      centreName: this.centreName,
      invoiceNumber: this.invoiceNumber,
      patientName: this.patientDisplay,
      amountMinor: this.amountMinor,
      currency: this.currency,
      status: linkStatus(this, now),
      expiresAt: this.expiresAt.toISOString(),
      paidAt: this.paidAt?.toISOString() ?? null,
      attempt,
    };
  }
}
