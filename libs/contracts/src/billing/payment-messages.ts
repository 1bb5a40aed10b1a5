import { AMOUNT_REQUIRED_MESSAGE } from '@rayworks/validation';
import { PAYMENT_MODE_LABELS, type PaymentMode } from './payment-modes.js';

/**
 * The messages of patient invoices, payments, refunds and credit notes (spec §5 'Please enter the amount' word for
 * word; the rest designed once here and asserted by tests). The ledger's refusals are LEDGER_REFUSALS (ledger.ts),
 * a credit note's CREDIT_NOTE_REFUSALS (invoice-billing-states.ts).
 */
export const BILLING_MESSAGES = {
  paymentReceived: 'Payment Received Successfully',
  refunded: 'Refund Processed Successfully',
  creditNoteIssued: 'Credit Note Issued Successfully',
  invoiceNotFound: 'Invoice not found',
  /** spec §5: a payment, refund or credit note without an amount (or of zero). */
  amountRequired: AMOUNT_REQUIRED_MESSAGE,
  reasonRequired: 'A reason is required',
  referenceRequired: (mode: PaymentMode) => `A reference is required for a ${PAYMENT_MODE_LABELS[mode]} payment`,
  /** The desk's screen showed an older state of the invoice (another payment, refund or credit note came first). */
  staleInvoice: 'The invoice has changed since it was shown: read it again',
  /** An idempotency key already used for a different request (another invoice, amount, mode or kind). */
  idempotencyKeyReused: 'This idempotency key was already used for a different request',
  centreNotFound: 'Centre not found',
  patientNotFound: 'Patients Not Found',
  /** Issuing: the patient is not the invoice's centre's. */
  patientOfAnotherCentre: "The patient is not registered at the invoice's centre",
  noLines: 'An invoice needs at least one line',
} as const;
