import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { CreditNote } from '@rayworks/contracts';
import { minorUnits } from './minor-units.js';

/** billing.credit_notes: part or all of an invoice's balance taken back, in the centre's CN series (0254). */
@Entity({ name: 'credit_notes' })
export class CreditNoteEntity extends TenantRow {
  @Column({ name: 'invoice_id', type: 'uuid' })
  invoiceId!: string;

  @Column({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ type: 'text' })
  number!: string;

  @Column({ name: 'financial_year', type: 'text' })
  financialYear!: string;

  @Column({ type: 'bigint', transformer: minorUnits })
  sequence!: number;

  @Column({ name: 'amount_minor', type: 'bigint', transformer: minorUnits })
  amountMinor!: number;

  @Column({ type: 'char', length: 3 })
  currency!: CreditNote['currency'];

  @Column({ type: 'text' })
  reason!: string;

  @Column({ name: 'idempotency_key', type: 'text' })
  idempotencyKey!: string;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt!: Date;

  @Column({ name: 'issued_by', type: 'uuid' })
  issuedBy!: string;

  toCreditNote(invoiceNumber: string): CreditNote {
    return {
      _id: this.id,
      number: this.number,
      financialYear: this.financialYear,
      invoiceId: this.invoiceId,
      invoiceNumber,
      amountMinor: this.amountMinor,
      currency: this.currency,
      reason: this.reason,
      issuedAt: this.issuedAt.toISOString(),
    };
  }
}
