import { LEDGER_REFUSALS, type InvoiceLedger } from './ledger.js';

/**
 * A patient invoice's status, read from its amounts (docs/decisions/0253, 0254): never set by hand, so it can never
 * disagree with what was paid. These are not the fusion invoice's statuses (spec §4, invoice-states.ts: a hub's
 * monthly invoice to a client centre) and never reuse their words (docs/decisions/0244).
 * - UNPAID: something is due and nothing is paid;
 * - PART_PAID: part of what is due is paid;
 * - PAID: nothing is left to pay (an invoice of 0 is paid);
 * - CANCELLED: credit notes took back the whole total (it takes no payment; nothing is left paid on it).
 */
export const PATIENT_INVOICE_STATUSES = ['UNPAID', 'PART_PAID', 'PAID', 'CANCELLED'] as const;
export type PatientInvoiceStatus = (typeof PATIENT_INVOICE_STATUSES)[number];

export const PATIENT_INVOICE_STATUS_LABELS: Record<PatientInvoiceStatus, string> = {
  UNPAID: 'Unpaid',
  PART_PAID: 'Partly Paid',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
};

/** An issued invoice's amounts, whole minor units. */
export interface InvoiceAmounts {
  /** The total as issued (invoiceTotals' totalMinor): never changed. */
  totalMinor: number;
  /** What credit notes took back of it (0 ≤ credited ≤ total). */
  creditedMinor: number;
  /** Payments less refunds (0 ≤ paid ≤ total − credited). */
  paidMinor: number;
}

/** What the patient owes on the invoice after its credit notes: total − credited. */
export const dueMinor = (a: InvoiceAmounts): number => a.totalMinor - a.creditedMinor;

/** What is still to pay: due − paid. */
export const invoiceBalanceMinor = (a: InvoiceAmounts): number => dueMinor(a) - a.paidMinor;

export function patientInvoiceStatus(a: InvoiceAmounts): PatientInvoiceStatus {
  if (a.creditedMinor > 0 && dueMinor(a) === 0) return 'CANCELLED';
  if (a.paidMinor >= dueMinor(a)) return 'PAID';
  return a.paidMinor === 0 ? 'UNPAID' : 'PART_PAID';
}

/**
 * The invoice as the ledger rules of ledger.ts see it (docs/decisions/0243): what is due as the total, paid so far
 * as one entry, cancelled when credited in full. checkPayment / checkRefund decide on it.
 */
export function invoiceLedgerOf(a: InvoiceAmounts): InvoiceLedger {
  return {
    totalMinor: dueMinor(a),
    cancelled: patientInvoiceStatus(a) === 'CANCELLED',
    entries: a.paidMinor > 0 ? [{ kind: 'payment', amountMinor: a.paidMinor }] : [],
  };
}

/** Why a credit note is refused (409; a bad amount 400): it changes nothing. */
export const CREDIT_NOTE_REFUSALS = {
  notAnAmount: LEDGER_REFUSALS.notAnAmount,
  invoiceCancelled: 'The invoice is already cancelled by credit notes',
  beyondBalance: 'The credit note is more than the balance of the invoice: refund what was paid first',
} as const;
export type CreditNoteRefusal = keyof typeof CREDIT_NOTE_REFUSALS;

export class CreditNoteRefusedError extends Error {
  override readonly name = 'CreditNoteRefusedError';
  constructor(
    readonly reason: CreditNoteRefusal,
    readonly amountMinor: number,
    /** The most a credit note could take back now: the balance. */
    readonly allowedMinor: number,
  ) {
    super(CREDIT_NOTE_REFUSALS[reason]);
  }
}

/**
 * A credit note takes back part or all of what is still to pay, never what was paid (docs/decisions/0254): money
 * paid goes back by a refund first, so total − credited never falls below paid and the ledger invariant holds.
 * Refuses a credit of no whole amount above zero, on an invoice already cancelled, or beyond the balance.
 */
export function checkCreditNote(a: InvoiceAmounts, amountMinor: number): void {
  const balance = invoiceBalanceMinor(a);
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new CreditNoteRefusedError('notAnAmount', amountMinor, balance);
  if (patientInvoiceStatus(a) === 'CANCELLED') throw new CreditNoteRefusedError('invoiceCancelled', amountMinor, 0);
  if (amountMinor > balance) throw new CreditNoteRefusedError('beyondBalance', amountMinor, balance);
}
