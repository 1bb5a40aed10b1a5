/** A payment or refund as the ledger of an invoice lists it (PaymentsRepository.ofInvoice: by time, then id). */
export interface LedgerEntryFact {
  id: string;
  kind: 'PAYMENT' | 'REFUND';
  amountMinor: number;
  takenAt: Date;
}

export interface ReceiptFigures {
  /** The payment's place among the invoice's payments (1 for the first): the receipt's number ends `/R<n>`. */
  ordinal: number;
  /** Payments less refunds on the invoice, this payment included. */
  paidAfterMinor: number;
  /** What was left to pay right after it: total − credit notes issued by then − paid. */
  balanceAfterMinor: number;
}

/**
 * What a payment's receipt states of its invoice, from the invoice's ledger as it stands (docs/decisions/0259): the
 * entries up to and including the payment in the ledger's order, and the credit notes issued at or before it. Every
 * entry and credit note was written with the invoice's row locked, so their times are the order they happened in; a
 * receipt printed again later states the same figures. Null when the payment is not one of the entries.
 */
export function receiptFigures(
  totalMinor: number,
  entries: readonly LedgerEntryFact[],
  creditNotes: readonly { amountMinor: number; issuedAt: Date }[],
  paymentId: string,
): ReceiptFigures | null {
  const at = entries.findIndex((e) => e.id === paymentId);
  const payment = entries[at];
  if (!payment || payment.kind !== 'PAYMENT') return null;
  const upTo = entries.slice(0, at + 1);
  const paidAfterMinor = upTo.reduce((sum, e) => sum + (e.kind === 'PAYMENT' ? e.amountMinor : -e.amountMinor), 0);
  const creditedMinor = creditNotes
    .filter((n) => n.issuedAt.getTime() <= payment.takenAt.getTime())
    .reduce((sum, n) => sum + n.amountMinor, 0);
  return {
    ordinal: upTo.filter((e) => e.kind === 'PAYMENT').length,
    paidAfterMinor,
    balanceAfterMinor: totalMinor - creditedMinor - paidAfterMinor,
  };
}
