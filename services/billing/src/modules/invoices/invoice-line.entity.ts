import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { InvoiceLine, LineDiscount, PriceKind, TaxRule } from '@rayworks/contracts';
import { minorUnits } from './minor-units.js';

/** billing.invoice_lines: what an invoice billed, at the price (and rate card price row) it was billed at. */
@Entity({ name: 'invoice_lines' })
export class InvoiceLineEntity extends TenantRow {
  @Column({ name: 'invoice_id', type: 'uuid' })
  invoiceId!: string;

  @Column({ type: 'smallint' })
  position!: number;

  @Column({ name: 'line_id', type: 'text' })
  lineId!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'price_kind', type: 'varchar', length: 8 })
  priceKind!: PriceKind;

  @Column({ name: 'unit_minor', type: 'bigint', transformer: minorUnits })
  unitMinor!: number;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'jsonb', nullable: true })
  discount!: LineDiscount | null;

  @Column({ type: 'jsonb' })
  tax!: TaxRule;

  @Column({ name: 'rate_card_price_id', type: 'uuid', nullable: true })
  rateCardPriceId!: string | null;

  @Column({ name: 'gross_minor', type: 'bigint', transformer: minorUnits })
  grossMinor!: number;

  @Column({ name: 'discount_exact', type: 'numeric' })
  discountExact!: string;

  @Column({ name: 'taxable_exact', type: 'numeric' })
  taxableExact!: string;

  @Column({ name: 'cgst_exact', type: 'numeric' })
  cgstExact!: string;

  @Column({ name: 'sgst_exact', type: 'numeric' })
  sgstExact!: string;

  @Column({ name: 'igst_exact', type: 'numeric' })
  igstExact!: string;

  @Column({ name: 'total_exact', type: 'numeric' })
  totalExact!: string;

  toLine(): InvoiceLine {
    return {
      _id: this.id,
      lineId: this.lineId,
      code: this.code,
      name: this.name,
      priceKind: this.priceKind,
      unitMinor: this.unitMinor,
      quantity: this.quantity,
      discount: this.discount,
      tax: this.tax,
      rateCardPriceId: this.rateCardPriceId,
      grossMinor: this.grossMinor,
      discountExact: this.discountExact,
      taxableExact: this.taxableExact,
      cgstExact: this.cgstExact,
      sgstExact: this.sgstExact,
      igstExact: this.igstExact,
      totalExact: this.totalExact,
    };
  }
}
