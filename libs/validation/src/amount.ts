// Amounts (spec §5 "Other messages", §9): price, holiday price and night price lie between 0 and 100000.
import { AMOUNT_MAX, AMOUNT_MIN } from './limits.js';
import {
  AMOUNT_REQUIRED_MESSAGE,
  amountRangeMessage,
  INVALID_INPUTS_MESSAGE,
  PROCESSING_FEE_MESSAGE,
} from './messages.js';

/** Plain decimal notation, optionally negative: "100", "99.50", ".5", "5.", "-1". No exponent, no grouping. */
const AMOUNT_TEXT = /^-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)$/;

/**
 * The number an amount input holds: a finite number as is, or a string (surrounding spaces ignored) in
 * plain decimal notation. Anything else ("abc", "1.2.3", "1e5", "1,000", NaN, Infinity) gives null.
 */
export function parseAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return AMOUNT_TEXT.test(text) ? Number(text) : null;
}

/** The problem with a non-empty amount, if any: not a number, or outside AMOUNT_MIN..AMOUNT_MAX. */
export function amountProblem(label: string, value: unknown): string | null {
  const amount = parseAmount(value);
  if (amount === null) return INVALID_INPUTS_MESSAGE;
  if (amount < AMOUNT_MIN || amount > AMOUNT_MAX) return amountRangeMessage(label);
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
 * actual price'. A fee of 0 (no fee) always passes, even on a price of 0. When either value is not a number
 * this check says nothing: validateAmount reports that on the field itself.
 */
export function validateProcessingFee(fee: unknown, price: unknown): string | null {
  const f = parseAmount(fee);
  const p = parseAmount(price);
  if (f === null || p === null || f === 0) return null;
  return f >= p ? PROCESSING_FEE_MESSAGE : null;
}
