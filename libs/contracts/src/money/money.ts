import { z } from 'zod';
import {
  BASIS_POINTS_MAX,
  basisPointsToPercent,
  CURRENCIES,
  CURRENCY_CODES,
  minorUnitsToDecimal,
  type CurrencyCode,
} from '@rayworks/validation';

/**
 * Money in every contract (docs/decisions/0079-money-in-minor-units.md): an integer count of the currency's minor
 * units (paise for INR) with its ISO 4217 code — never a floating-point amount. In the database: `<name>_minor
 * bigint` plus `<name>_currency char(3)` (or one `currency` column per row when all its amounts share it).
 */
export const moneySchema = z
  .object({
    amountMinor: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
    currency: z.enum(CURRENCY_CODES),
  })
  .strict();
export type Money = z.infer<typeof moneySchema>;

/** Money that is never negative (prices, fees, payments). */
export const nonNegativeMoneySchema = moneySchema.extend({ amountMinor: moneySchema.shape.amountMinor.min(0) });

/** A rate in basis points (1/100 of a percent): 0..10000. A percentage is not money. */
export const basisPointsSchema = z.number().int().min(0).max(BASIS_POINTS_MAX);

export const money = (amountMinor: number, currency: CurrencyCode = 'INR'): Money => ({ amountMinor, currency });

/** Adds amounts of one currency (integers: exact); refuses to mix currencies. */
export function addMoney(...amounts: readonly Money[]): Money {
  const [first, ...rest] = amounts;
  if (!first) throw new Error('addMoney needs at least one amount');
  let total = first.amountMinor;
  for (const a of rest) {
    if (a.currency !== first.currency) throw new Error(`cannot add ${a.currency} to ${first.currency}`);
    total += a.amountMinor;
  }
  if (!Number.isSafeInteger(total)) throw new Error('amount out of range');
  return { amountMinor: total, currency: first.currency };
}

/**
 * Money for display: Intl.NumberFormat given the exact decimal text of the minor units (Intl formats a decimal
 * string without passing through a float), e.g. { 12345678, INR } → '₹1,23,456.78' in en-IN.
 */
export function formatMoney(value: Money, locale = 'en-IN'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: value.currency });
  return format.format(minorUnitsToDecimal(value.amountMinor, value.currency) as Intl.StringNumericLiteral);
}

const EXACT_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * An exact amount for display (invoiceTotals' decimal text in major units, docs/decisions/0241): the currency's
 * digits at least, every further digit the value has and none it has not — '1234.5' → '₹1,234.50', '10.005' →
 * '₹10.005' in en-IN. Formatted from the text by Intl (no float), so what is shown is what was computed.
 */
export function formatExactMoney(exact: string, currency: CurrencyCode = 'INR', locale = 'en-IN'): string {
  if (!EXACT_DECIMAL.test(exact)) throw new Error(`not a decimal amount: ${exact}`);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: CURRENCIES[currency].minorDigits,
    maximumFractionDigits: 20,
  });
  return format.format(exact as Intl.StringNumericLiteral);
}

/** A rate for display: 1250 → '12.5%'. */
export const formatBasisPoints = (basisPoints: number): string => `${basisPointsToPercent(basisPoints)}%`;
