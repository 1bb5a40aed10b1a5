import {
  BILLING_MESSAGES,
  formatMoney,
  invoiceTotals,
  InvoiceLineError,
  LEDGER_REFUSALS,
  linesNeedingApproval,
  PAYMENT_MODES_NEEDING_REFERENCE,
  PRICE_KIND_LABELS,
  REGISTRATION_MESSAGES,
  testsOrderedTwice,
  type InvoiceLineInput,
  type InvoiceTotals,
  type LineDiscount,
  type PaymentMode,
  type PriceKind,
  type ProviderKind,
  type Quote,
  type REGISTRATION_ENDPOINTS,
} from '@rayworks/contracts';
import {
  BASIS_POINTS_MAX,
  INVALID_INPUTS_MESSAGE,
  minorUnitsToDecimal,
  parseAmountMinor,
  parsePercentToBasisPoints,
} from '@rayworks/validation';
import type { z } from 'zod';
import type { CatalogueItem } from '../../../shared/catalogue/catalogue-items';

export type RegistrationBody = z.input<(typeof REGISTRATION_ENDPOINTS)['createRegistration']['body']>;

/** An ordered test or package with the desk's discount as typed: '' none, '10%' a share, '150' rupees off. */
export interface DeskItem extends CatalogueItem {
  discount: string;
}

/** The payment taken in the same step: an empty amount takes none (the patient pays later). */
export interface DeskPayment {
  amount: string;
  mode: PaymentMode;
  reference: string;
}

export interface DeskState {
  referralId: string | null;
  providerKind: ProviderKind;
  items: DeskItem[];
  payment: DeskPayment;
}

export const emptyDesk = (): DeskState => ({
  referralId: null,
  providerKind: 'Internal',
  items: [],
  payment: { amount: '', mode: 'CASH', reference: '' },
});

/** What the price preview and the registration order: each item once, by code. */
export const quoteItems = (items: readonly DeskItem[]) =>
  items.map((i) => (i.kind === 'TEST' ? { testCode: i.code } : { packageCode: i.code }));

/** A discount as typed: '' → none; '12.5%' → basis points; '150' / '150.50' → rupees; anything else → 'invalid'. */
export function parseDiscount(text: string): LineDiscount | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  if (t.endsWith('%')) {
    const bp = parsePercentToBasisPoints(t.slice(0, -1).trim());
    return bp === null || bp < 0 || bp > BASIS_POINTS_MAX ? 'invalid' : { kind: 'basisPoints', basisPoints: bp };
  }
  const minor = parseAmountMinor(t);
  return minor === null || minor < 0 ? 'invalid' : { kind: 'amount', amountMinor: minor };
}

/** The desk's lines at the quoted prices (the quote's line per code), each once, with its discount and tax. */
export function deskLines(quote: Quote, items: readonly DeskItem[]): InvoiceLineInput[] {
  return items.flatMap((item) => {
    const line = quote.lines.find((l) => l.code === item.code && l.kind === item.kind);
    const discount = parseDiscount(item.discount);
    return line
      ? [
          {
            lineId: item.code,
            priceMinor: line.unitMinor,
            quantity: 1,
            discount: discount === 'invalid' ? null : discount,
            tax: line.tax,
          },
        ]
      : [];
  });
}

/** The visit's totals with the desk's discounts (libs/contracts invoiceTotals: exact, rounded once at the total). */
export function deskTotals(
  quote: Quote,
  items: readonly DeskItem[],
): InvoiceTotals | { error: string; lineId: string } {
  try {
    return invoiceTotals(deskLines(quote, items));
  } catch (error) {
    if (error instanceof InvoiceLineError) return { error: DISCOUNT_ABOVE_PRICE, lineId: error.lineId };
    throw error;
  }
}

export const DISCOUNT_ABOVE_PRICE = 'The discount is more than the price';

/** 'Holiday Price' / 'Night Price' notice for a visit the centre's calendar prices so; null for the normal price. */
export function priceKindNotice(kind: PriceKind): string | null {
  if (kind === 'holiday') return `${PRICE_KIND_LABELS.holiday}: today is a holiday at this centre`;
  if (kind === 'night') return `${PRICE_KIND_LABELS.night}: the centre's night window is on`;
  return null;
}

export interface DeskProblems {
  /** A problem of the whole form (no item chosen). */
  form?: string;
  /** A test two chosen items order (shown at once, not only after a try): registration-rules.ts. */
  repeated?: string;
  /** Per item code: its discount's problem. */
  discounts: Record<string, string>;
  amount?: string;
  reference?: string;
}

/**
 * What stops the registration before it is sent, in the words the server would use: no item
 * ('Select at least one test or package'), a discount that is not an amount or a percentage, or above the price; a
 * payment amount that is not an amount ('Please give valid inputs') or beyond the total; a cheque or online payment
 * without its reference.
 */
export function deskProblems(
  state: DeskState,
  totals: InvoiceTotals | { error: string; lineId: string } | null,
  quote: Pick<Quote, 'lines'> | null = null,
): DeskProblems {
  const problems: DeskProblems = { discounts: {} };
  if (state.items.length === 0) problems.form = REGISTRATION_MESSAGES.noItems;
  const [twice] = quote ? testsOrderedTwice(quote.lines) : [];
  if (twice) problems.repeated = REGISTRATION_MESSAGES.testOrderedTwice(twice);
  for (const item of state.items)
    if (parseDiscount(item.discount) === 'invalid') problems.discounts[item.code] = INVALID_INPUTS_MESSAGE;
  if (totals && 'error' in totals) problems.discounts[totals.lineId] = totals.error;
  const amount = state.payment.amount.trim();
  if (amount !== '') {
    const minor = parseAmountMinor(amount);
    if (minor === null || minor <= 0) problems.amount = INVALID_INPUTS_MESSAGE;
    else if (totals && !('error' in totals) && minor > totals.totalMinor)
      problems.amount = LEDGER_REFUSALS.beyondBalance;
    if (PAYMENT_MODES_NEEDING_REFERENCE.includes(state.payment.mode) && state.payment.reference.trim() === '')
      problems.reference = BILLING_MESSAGES.referenceRequired(state.payment.mode);
  }
  return problems;
}

export const hasProblems = (p: DeskProblems): boolean =>
  Boolean(p.form || p.repeated || p.amount || p.reference || Object.keys(p.discounts).length > 0);

/** The codes whose discount is above the desk's limit (basis points; null: the user may approve any discount). */
export function discountsNeedingApproval(quote: Quote, items: readonly DeskItem[], limit: number | null): string[] {
  return limit === null ? [] : linesNeedingApproval(deskLines(quote, items), limit);
}

/** The body of /registration/create: the items with their discounts, the payment when an amount is typed. */
export function registrationBody(
  state: DeskState,
  ids: { centreId: string; patientId: string; requestKey: string },
): RegistrationBody {
  const amount = parseAmountMinor(state.payment.amount.trim());
  return {
    ...ids,
    referralId: state.referralId,
    providerKind: state.providerKind,
    items: state.items.map((item) => {
      const parsed = parseDiscount(item.discount);
      const discount = parsed === 'invalid' ? null : parsed;
      return item.kind === 'TEST' ? { testCode: item.code, discount } : { packageCode: item.code, discount };
    }),
    payment:
      amount === null || amount <= 0
        ? null
        : {
            amountMinor: amount,
            mode: state.payment.mode,
            reference: state.payment.reference.trim() === '' ? null : state.payment.reference.trim(),
          },
  };
}

/** Money as the desk shows it: '₹1,500.00'. */
export const rupees = (minor: number): string => formatMoney({ amountMinor: minor, currency: 'INR' });

/** An exact amount (decimal rupees as text, e.g. '12.005') shown with at least two decimals, never through a float. */
export function rupeesExact(exact: string): string {
  const digits = exact.includes('.') ? exact.split('.')[1]!.length : 0;
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.max(2, Math.min(digits, 20)),
  }).format(exact as Intl.StringNumericLiteral);
}

/** The amount field's first value: the whole total, in rupees as text. */
export const totalAsText = (totals: InvoiceTotals): string => minorUnitsToDecimal(totals.totalMinor);
