import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { LedgerEntryKindName, Payment, PaymentMode } from '@rayworks/contracts';
import { minorUnits } from '../invoices/minor-units.js';

/** billing.payments: a payment or a refund on an invoice, with the key it was sent with (docs/decisions/0255). */
@Entity({ name: 'payments' })
export class PaymentEntity extends TenantRow {
  @Column({ name: 'invoice_id', type: 'uuid' })
  invoiceId!: string;

  @Column({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ type: 'varchar', length: 8 })
  kind!: LedgerEntryKindName;

  @Column({ name: 'amount_minor', type: 'bigint', transformer: minorUnits })
  amountMinor!: number;

  @Column({ type: 'char', length: 3 })
  currency!: Payment['currency'];

  @Column({ type: 'varchar', length: 16 })
  mode!: PaymentMode;

  @Column({ type: 'text', nullable: true })
  reference!: string | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'idempotency_key', type: 'text' })
  idempotencyKey!: string;

  @Column({ name: 'taken_at', type: 'timestamptz' })
  takenAt!: Date;

  @Column({ name: 'taken_by', type: 'uuid' })
  takenBy!: string;

  @Column({ name: 'taken_by_name', type: 'text' })
  takenByName!: string;

  toPayment(): Payment {
    return {
      _id: this.id,
      invoiceId: this.invoiceId,
      kind: this.kind,
      amountMinor: this.amountMinor,
      currency: this.currency,
      mode: this.mode,
      reference: this.reference,
      reason: this.reason,
      idempotencyKey: this.idempotencyKey,
      takenAt: this.takenAt.toISOString(),
      takenBy: { userId: this.takenBy, loginName: this.takenByName },
    };
  }
}
