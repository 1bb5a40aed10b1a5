import type {
  ExactAmount,
  Gender,
  LedgerEntryKindName,
  LineDiscount,
  Money,
  PatientInvoiceStatus,
  PaymentMode,
  PriceKind,
  TaxRule,
} from '@rayworks/contracts';

/**
 * What a printed invoice or receipt shows, read from billing's rows by the DocumentLoader and turned into HTML by
 * renderInvoiceDocument / renderReceiptDocument (docs/decisions/0259). Amounts stay as the rows hold them: whole minor
 * units, or invoiceTotals' exact decimal text; the renderers format them (formatMoney, formatExactMoney).
 */

/** The centre that bills, as billing knows it. */
export interface DocumentCentre {
  name: string;
  code: string;
  /** The lines of its postal address and its phone, as far as billing knows them (none: only the name prints). */
  addressLines: string[];
}

/** The patient as billed (the invoice keeps the name and MR number it was issued to). */
export interface DocumentPatient {
  name: string;
  mrNumber: string;
  /** Whole years on the invoice's date, or null when not told. */
  age: number | null;
  gender: Gender | null;
  phoneNumber: string | null;
}

export interface InvoiceDocumentLine {
  code: string;
  name: string;
  /** The price it was billed at, named on the document (Holiday Price, Night Price). */
  priceKind: PriceKind;
  unitMinor: number;
  quantity: number;
  grossMinor: number;
  discount: LineDiscount | null;
  discountExact: ExactAmount;
  tax: TaxRule;
  taxableExact: ExactAmount;
  cgstExact: ExactAmount;
  sgstExact: ExactAmount;
  igstExact: ExactAmount;
  totalExact: ExactAmount;
}

/** A payment or refund on the invoice, as the invoice's payment history prints it. */
export interface DocumentLedgerEntry {
  kind: LedgerEntryKindName;
  takenAt: Date;
  mode: PaymentMode;
  reference: string | null;
  amountMinor: number;
}

export interface InvoiceDocumentView {
  centre: DocumentCentre;
  patient: DocumentPatient;
  /** The centre's time zone: the dates print on its clock. */
  timeZone: string;
  currency: Money['currency'];
  invoice: {
    number: string;
    issuedAt: Date;
    status: PatientInvoiceStatus;
    /** The version printed (1 at issue, one more with every payment, refund or credit note). */
    version: number;
  };
  lines: InvoiceDocumentLine[];
  totals: {
    grossMinor: number;
    discountExact: ExactAmount;
    taxableExact: ExactAmount;
    cgstExact: ExactAmount;
    sgstExact: ExactAmount;
    igstExact: ExactAmount;
    roundOffExact: ExactAmount;
    totalMinor: number;
    creditedMinor: number;
    paidMinor: number;
    balanceMinor: number;
  };
  /** Payments and refunds up to this version, oldest first. */
  ledger: DocumentLedgerEntry[];
}

export interface ReceiptDocumentView {
  centre: DocumentCentre;
  patient: DocumentPatient;
  timeZone: string;
  currency: Money['currency'];
  /** The receipt's number: its invoice's number and the payment's place among the invoice's payments (`…/R2`). */
  receiptNumber: string;
  invoice: { number: string; issuedAt: Date; totalMinor: number };
  payment: {
    takenAt: Date;
    amountMinor: number;
    mode: PaymentMode;
    reference: string | null;
    /** Who took it at the desk (login name). */
    takenBy: string;
  };
  /** Paid on the invoice (payments less refunds) and the balance left, right after this payment. */
  paidAfterMinor: number;
  balanceAfterMinor: number;
}
