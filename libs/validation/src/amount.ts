// Amounts (spec §5 "Other messages", §9): price, holiday price and night price lie between 0 and 100000.
// An amount is read into an integer count of minor units (paise) with string arithmetic (./money.ts): no
// floating-point number ever holds money (docs/decisions/0079-money-in-minor-units.md).
import { AMOUNT_MAX, AMOUNT_MIN } from './limits.js';
import {
  AMOUNT_REQUIRED_MESSAGE,
  amountRangeMessage,
  INVALID_INPUTS_MESSAGE,
  PROCESSING_FEE_MESSAGE,
} from './messages.js';
import { DEFAULT_CURRENCY, majorToMinorUnits, parseMinorUnits, type CurrencyCode } from './money.js';

/**
 * The minor units (paise) an amount input holds: a string (surrounding spaces ignored) in plain decimal notation
 * with at most the currency's minor digits, or a finite number read as its shortest decimal text (so 0.1 is 10
 * paise, and 0.1 + 0.2 — 0.30000000000000004 — is refused, not rounded). Anything else ("abc", "1.2.3", "1e5",
 * "1,000", "0.001", NaN, Infinity) gives null.
 */
export function parseAmountMinor(value: unknown, currency: CurrencyCode = DEFAULT_CURRENCY): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    return /e/i.test(text) ? null : parseMinorUnits(text, currency);
  }
  if (typeof value !== 'string') return null;
  return parseMinorUnits(value, currency);
}

/** The problem with a non-empty amount, if any: not an amount, or outside AMOUNT_MIN..AMOUNT_MAX. */
export function amountProblem(label: string, value: unknown): string | null {
  const minor = parseAmountMinor(value);
  if (minor === null) return INVALID_INPUTS_MESSAGE;
  if (minor < majorToMinorUnits(AMOUNT_MIN) || minor > majorToMinorUnits(AMOUNT_MAX)) return amountRangeMessage(label);
  return null;
}

/**
 * An amount in the hand-built price forms (rate cards, holiday and night prices, payments):
 * empty → 'Please enter the amount'; not a number → 'Please give valid inputs';
 * outside 0..100000 → '{label} should be in Between 0 to 100000'.
 * (A dynamic-form field of type 'amount' says '{label} is required' when empty, like every other field.)
 */
export function validateAmount(label: string, value: unknown): string | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return AMOUNT_REQUIRED_MESSAGE;
  }
  return amountProblem(label, value);
}

/**
 * A processing fee must be less than the price it is charged on: 'Please give Processing fee less than the
 * actual price'. A fee of 0 (no fee) always passes, even on a price of 0. When either value is not an amount
 * this check says nothing: validateAmount reports that on the field itself. Compared in minor units.
 */
export function validateProcessingFee(fee: unknown, price: unknown): string | null {
  const f = parseAmountMinor(fee);
  const p = parseAmountMinor(price);
  if (f === null || p === null || f === 0) return null;
  return f >= p ? PROCESSING_FEE_MESSAGE : null;
}
