/**
 * A patient invoice's payments and refunds (docs/decisions/0243-payment-ledger-invariant.md). Every amount is whole
 * minor units. The invariant, kept by letting every payment through checkPayment and every refund through
 * checkRefund: paid = payments − refunds, 0 ≤ paid ≤ total, and so the balance (total − paid) is never negative.
 */

export type LedgerEntryKind = 'payment' | 'refund';

export interface LedgerEntry {
  kind: LedgerEntryKind;
  /** Whole minor units, more than 0. */
  amountMinor: number;
}

export interface InvoiceLedger {
  /** The invoice total (rounded, whole minor units; invoiceTotals' totalMinor). */
  totalMinor: number;
  /** A cancelled invoice takes no payment; what was paid on it may still be refunded. */
  cancelled: boolean;
  entries: readonly LedgerEntry[];
}

/** Why a payment or a refund is refused; each one is answered as a 409 (or a 400 for a bad amount) and changes nothing. */
export const LEDGER_REFUSALS = {
  notAnAmount: 'The amount must be more than zero, in whole minor units',
  invoiceCancelled: 'The invoice is cancelled: it takes no payment',
  invoiceSettled: 'The invoice is already paid in full',
  beyondBalance: 'The payment is more than the balance of the invoice',
  beyondPaid: 'The refund is more than what was paid on the invoice',
} as const;
export type LedgerRefusal = keyof typeof LEDGER_REFUSALS;

/** A refused payment or refund: `reason` says why (LEDGER_REFUSALS), with the amount asked and what was allowed. */
export class LedgerRefusedError extends Error {
  override readonly name: string = 'LedgerRefusedError';
  constructor(
    readonly reason: LedgerRefusal,
    readonly amountMinor: number,
    /** The most that could have been paid (the balance) or refunded (what was paid). */
    readonly allowedMinor: number,
  ) {
    super(LEDGER_REFUSALS[reason]);
  }
}

/** A payment checkPayment refuses. */
export class PaymentRefusedError extends LedgerRefusedError {
  override readonly name: string = 'PaymentRefusedError';
}

/** A refund checkRefund refuses. */
export class RefundRefusedError extends LedgerRefusedError {
  override readonly name: string = 'RefundRefusedError';
}

const isAmount = (amountMinor: number): boolean => Number.isSafeInteger(amountMinor) && amountMinor > 0;

/** What has been paid on the invoice: the payments less the refunds. */
export function paidMinor(ledger: InvoiceLedger): number {
  return ledger.entries.reduce(
    (paid, entry) => (entry.kind === 'payment' ? paid + entry.amountMinor : paid - entry.amountMinor),
    0,
  );
}

/** What is still to pay: the total less what has been paid. */
export const balanceMinor = (ledger: InvoiceLedger): number => ledger.totalMinor - paidMinor(ledger);

/** An invoice is settled when nothing is left to pay. */
export const isSettled = (ledger: InvoiceLedger): boolean => balanceMinor(ledger) <= 0;

/**
 * Refuses (PaymentRefusedError) a payment that is not a whole amount above zero ('notAnAmount'), on a cancelled
 * invoice ('invoiceCancelled'), on a settled one ('invoiceSettled'), or beyond the balance ('beyondBalance').
 * A partial payment, or an advance followed by others, passes as long as the sum stays within the total.
 */
export function checkPayment(ledger: InvoiceLedger, amountMinor: number): void {
  const balance = balanceMinor(ledger);
  if (!isAmount(amountMinor)) throw new PaymentRefusedError('notAnAmount', amountMinor, Math.max(balance, 0));
  if (ledger.cancelled) throw new PaymentRefusedError('invoiceCancelled', amountMinor, 0);
  if (balance <= 0) throw new PaymentRefusedError('invoiceSettled', amountMinor, 0);
  if (amountMinor > balance) throw new PaymentRefusedError('beyondBalance', amountMinor, balance);
}

/**
 * Refuses (RefundRefusedError) a refund that is not a whole amount above zero ('notAnAmount') or more than what was
 * paid ('beyondPaid'). A cancelled or settled invoice may be refunded what was paid on it.
 */
export function checkRefund(ledger: InvoiceLedger, amountMinor: number): void {
  const paid = paidMinor(ledger);
  if (!isAmount(amountMinor)) throw new RefundRefusedError('notAnAmount', amountMinor, paid);
  if (amountMinor > paid) throw new RefundRefusedError('beyondPaid', amountMinor, paid);
}

/** The ledger with a payment added, after checkPayment (the ledger given is never changed). */
export function recordPayment(ledger: InvoiceLedger, amountMinor: number): InvoiceLedger {
  checkPayment(ledger, amountMinor);
  return { ...ledger, entries: [...ledger.entries, { kind: 'payment', amountMinor }] };
}

/** The ledger with a refund added, after checkRefund (the ledger given is never changed). */
export function recordRefund(ledger: InvoiceLedger, amountMinor: number): InvoiceLedger {
  checkRefund(ledger, amountMinor);
  return { ...ledger, entries: [...ledger.entries, { kind: 'refund', amountMinor }] };
}
