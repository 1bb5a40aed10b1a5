import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import {
  dueMinor,
  invoiceBalanceMinor,
  type PatientInvoiceStatus,
  type PatientInvoiceSummary,
} from '@rayworks/contracts';
import { minorUnits } from './minor-units.js';

/**
 * billing.invoices: an issued patient invoice (docs/decisions/0253). Never edited once issued: only what credit notes
 * took back, what was paid, the status read from them and the version move.
 */
@Entity({ name: 'invoices' })
export class InvoiceEntity extends TenantRow {
  @Column({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  /** The centre's group when the invoice was issued (the group's users reach its centres' invoices). */
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'patient_id', type: 'uuid' })
  patientId!: string;

  /** The patient as billed: the invoice keeps the name and MR number it was issued to. */
  @Column({ name: 'patient_name', type: 'text' })
  patientName!: string;

  @Column({ name: 'mr_number', type: 'text' })
  mrNumber!: string;

  @Column({ name: 'registration_id', type: 'uuid', nullable: true })
  registrationId!: string | null;

  @Column({ type: 'text' })
  number!: string;

  @Column({ name: 'financial_year', type: 'text' })
  financialYear!: string;

  @Column({ type: 'bigint', transformer: minorUnits })
  sequence!: number;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt!: Date;

  /** The centre's date of issue, 'YYYY-MM-DD' (a date column read as text). */
  @Column({ name: 'issued_on', type: 'date' })
  issuedOn!: string;

  @Column({ type: 'char', length: 3 })
  currency!: PatientInvoiceSummary['currency'];

  @Column({ name: 'gross_minor', type: 'bigint', transformer: minorUnits })
  grossMinor!: number;

  // exact amounts (invoiceTotals' sums), numeric read as decimal text, never as a JS number
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

  @Column({ name: 'round_off_exact', type: 'numeric' })
  roundOffExact!: string;

  @Column({ name: 'total_minor', type: 'bigint', transformer: minorUnits })
  totalMinor!: number;

  @Column({ name: 'credited_minor', type: 'bigint', transformer: minorUnits })
  creditedMinor!: number;

  @Column({ name: 'paid_minor', type: 'bigint', transformer: minorUnits })
  paidMinor!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: PatientInvoiceStatus;

  @Column({ type: 'integer' })
  version!: number;

  /** The contract's view of this row (without its lines). */
  toSummary(): PatientInvoiceSummary {
    return {
      _id: this.id,
      number: this.number,
      financialYear: this.financialYear,
      centreId: this.centreId,
      groupId: this.groupId,
      patient: { id: this.patientId, mrID: this.mrNumber, patientName: this.patientName },
      registrationId: this.registrationId,
      status: this.status,
      issuedAt: this.issuedAt.toISOString(),
      issuedOn: this.issuedOn,
      currency: this.currency,
      grossMinor: this.grossMinor,
      discountExact: this.discountExact,
      taxableExact: this.taxableExact,
      cgstExact: this.cgstExact,
      sgstExact: this.sgstExact,
      igstExact: this.igstExact,
      totalExact: this.totalExact,
      roundOffExact: this.roundOffExact,
      totalMinor: this.totalMinor,
      creditedMinor: this.creditedMinor,
      dueMinor: dueMinor(this),
      paidMinor: this.paidMinor,
      balanceMinor: invoiceBalanceMinor(this),
      version: this.version,
    };
  }
}
