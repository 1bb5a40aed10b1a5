import {
  formatBasisPoints,
  formatMoney,
  money,
  PAYMENT_MODE_LABELS,
  PRICE_KIND_LABELS,
  type InvoiceLine,
  type Payment,
} from '@rayworks/contracts';
import type { CurrencyCode } from '@rayworks/validation';

/**
 * How an invoice's lines and ledger entries read on the console (the printed invoice's words: PRICE_KIND_LABELS
 * names the price a line was billed at — Normal, Holiday or Night Price).
 */
export const priceKindLabel = (line: Pick<InvoiceLine, 'priceKind'>): string => PRICE_KIND_LABELS[line.priceKind];

export function discountLabel(line: Pick<InvoiceLine, 'discount'>, currency: CurrencyCode): string {
  const d = line.discount;
  if (!d) return '—';
  return d.kind === 'amount' ? formatMoney(money(d.amountMinor, currency)) : formatBasisPoints(d.basisPoints);
}

export function taxLabel(line: Pick<InvoiceLine, 'tax'>): string {
  const t = line.tax;
  if (t.kind === 'exempt') return 'Exempt';
  return `${t.kind === 'intraState' ? 'CGST + SGST' : 'IGST'} ${formatBasisPoints(t.rateBasisPoints)}`;
}

export const LEDGER_ENTRY_LABELS: Record<Payment['kind'], string> = { PAYMENT: 'Payment', REFUND: 'Refund' };

/** "Cash", "Cheque 004512", "UPI" — the mode and the reference the desk recorded. */
export const modeLabel = (entry: Pick<Payment, 'mode' | 'reference'>): string =>
  entry.reference ? `${PAYMENT_MODE_LABELS[entry.mode]} · ${entry.reference}` : PAYMENT_MODE_LABELS[entry.mode];
