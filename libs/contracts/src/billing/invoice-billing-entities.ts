import { z } from 'zod';
import { BASIS_POINTS_MAX, CURRENCY_CODES } from '@rayworks/validation';
import { PATIENT_INVOICE_STATUSES } from './invoice-billing-states.js';
import { PAYMENT_MODES } from './payment-modes.js';
import { PRICE_KINDS } from './pricing.js';

/**
 * A patient's invoice, its lines, payments, refunds and credit notes as the billing API shows them
 * (docs/decisions/0241, 0243, 0253–0257). Every amount is whole minor units (0079) except the exact line values
 * (decimal text in rupees, invoiceTotals' ExactAmount); only the invoice total was rounded.
 */

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const exact = z.string();

/** A line's discount (invoice-totals.ts LineDiscount). */
export const lineDiscountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('amount'), amountMinor: minor }),
  z.object({ kind: z.literal('basisPoints'), basisPoints: z.number().int().min(0).max(BASIS_POINTS_MAX) }),
]);

/** A line's tax (invoice-totals.ts TaxRule). */
export const taxRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exempt') }),
  z.object({ kind: z.literal('intraState'), rateBasisPoints: z.number().int().min(0).max(BASIS_POINTS_MAX) }),
  z.object({ kind: z.literal('interState'), rateBasisPoints: z.number().int().min(0).max(BASIS_POINTS_MAX) }),
]);

/** The exact amounts of a line or of the invoice (invoice-totals.ts ExactAmounts). */
const exactAmounts = {
  grossMinor: minor,
  discountExact: exact,
  taxableExact: exact,
  cgstExact: exact,
  sgstExact: exact,
  igstExact: exact,
  totalExact: exact,
};

export const invoiceLineSchema = z.object({
  _id: z.uuid(),
  /** The issuer's id of the line (a registration item, a package). */
  lineId: z.string(),
  code: z.string(),
  name: z.string(),
  priceKind: z.enum(PRICE_KINDS),
  unitMinor: minor,
  quantity: z.number().int().min(1),
  discount: lineDiscountSchema.nullable(),
  tax: taxRuleSchema,
  /** The rate card price row (its version) the line was billed at; null for a price not from a rate card. */
  rateCardPriceId: z.uuid().nullable(),
  ...exactAmounts,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** An issued patient invoice as a list shows it. It is never edited: a credit note corrects it. */
export const patientInvoiceSummarySchema = z.object({
  _id: z.uuid(),
  /** `<CENTRE>/<FINANCIAL YEAR>/<SEQUENCE>` (financial-year.ts, 0242), gap-free per centre and financial year. */
  number: z.string(),
  /** '2026-27' */
  financialYear: z.string(),
  centreId: z.uuid(),
  groupId: z.uuid().nullable(),
  /** The patient as billed when the invoice was issued. */
  patient: z.object({ id: z.uuid(), mrID: z.string(), patientName: z.string() }),
  registrationId: z.uuid().nullable(),
  status: z.enum(PATIENT_INVOICE_STATUSES),
  issuedAt: z.iso.datetime(),
  /** The centre's date of issue, 'YYYY-MM-DD'. */
  issuedOn: z.string(),
  currency: z.enum(CURRENCY_CODES),
  ...exactAmounts,
  roundOffExact: exact,
  /** The total as issued, rounded once (0241). */
  totalMinor: minor,
  /** Taken back by credit notes. */
  creditedMinor: minor,
  /** total − credited: what the patient owes. */
  dueMinor: minor,
  /** Payments less refunds. */
  paidMinor: minor,
  /** due − paid: never negative. */
  balanceMinor: minor,
  /** Goes up with every payment, refund and credit note: a change asked with an older version is a 409. */
  version: z.number().int().min(1),
});
export type PatientInvoiceSummary = z.infer<typeof patientInvoiceSummarySchema>;

/** An invoice with its lines (what issuing answers). */
export const patientInvoiceSchema = patientInvoiceSummarySchema.extend({ lines: z.array(invoiceLineSchema) });
export type PatientInvoice = z.infer<typeof patientInvoiceSchema>;

export const LEDGER_ENTRY_KINDS = ['PAYMENT', 'REFUND'] as const;
export type LedgerEntryKindName = (typeof LEDGER_ENTRY_KINDS)[number];

/** A payment or a refund on an invoice. */
export const paymentSchema = z.object({
  _id: z.uuid(),
  invoiceId: z.uuid(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amountMinor: minor,
  currency: z.enum(CURRENCY_CODES),
  mode: z.enum(PAYMENT_MODES),
  reference: z.string().nullable(),
  /** A refund's reason; null for a payment. */
  reason: z.string().nullable(),
  /** The key the desk sent it with: the same key again answers this entry and changes nothing (0255). */
  idempotencyKey: z.string(),
  takenAt: z.iso.datetime(),
  takenBy: z.object({ userId: z.uuid(), loginName: z.string() }),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A credit note: takes back part or all of an invoice's balance, in its own gap-free series (0254). */
export const creditNoteSchema = z.object({
  _id: z.uuid(),
  /** `CN/<CENTRE>/<FINANCIAL YEAR>/<SEQUENCE>` (invoice-series.ts). */
  number: z.string(),
  financialYear: z.string(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  amountMinor: minor,
  currency: z.enum(CURRENCY_CODES),
  reason: z.string(),
  issuedAt: z.iso.datetime(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** An invoice with its lines, payments and refunds (oldest first) and credit notes: `/getbilling`. */
export const invoiceBillingSchema = patientInvoiceSchema.extend({
  payments: z.array(paymentSchema),
  creditNotes: z.array(creditNoteSchema),
});
export type InvoiceBilling = z.infer<typeof invoiceBillingSchema>;

/** What a payment or a refund answers: the entry, and the invoice after it. */
export const ledgerChangeSchema = z.object({
  payment: paymentSchema,
  invoice: patientInvoiceSummarySchema,
  /** True when the idempotency key had been used: the first request's entry, nothing changed (0255). */
  replayed: z.boolean(),
});
export type LedgerChange = z.infer<typeof ledgerChangeSchema>;

/** What a credit note answers: the note, and the invoice after it. */
export const creditNoteChangeSchema = z.object({
  creditNote: creditNoteSchema,
  invoice: patientInvoiceSummarySchema,
  replayed: z.boolean(),
});
export type CreditNoteChange = z.infer<typeof creditNoteChangeSchema>;
