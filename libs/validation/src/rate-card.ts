// A rate card's price row (spec §5 "Other messages", §9): price, holiday price and night price, each 0..100000
// rupees typed as text and read into minor units (paise), and a processing fee below the price. One rule for the
// console's form and the billing service's body check (issue 22), with the spec's words.
import { parseAmountMinor, validateAmount, validateProcessingFee } from './amount.js';
import { amountRangeMessage, INVALID_INPUTS_MESSAGE } from './messages.js';

/** The fields of a rate card price row and the labels the spec's messages name. */
export const RATE_CARD_PRICE_LABELS = {
  price: 'Price',
  holidayPrice: 'Holiday Price',
  nightPrice: 'Night Price',
  processingFee: 'Processing Fee',
} as const;
export type RateCardPriceField = keyof typeof RATE_CARD_PRICE_LABELS;

/** A price row as typed: text (or a number) per field; the processing fee may be left empty (no fee). */
export interface RateCardPriceInput {
  price: unknown;
  holidayPrice: unknown;
  nightPrice: unknown;
  processingFee?: unknown;
}

/** A valid price row in minor units: the first three are the `rate` the pricing function (libs/contracts) takes. */
export interface RateCardPricesMinor {
  normalMinor: number;
  holidayMinor: number;
  nightMinor: number;
  processingFeeMinor: number;
}

export type RateCardPriceResult =
  { ok: true; prices: RateCardPricesMinor } | { ok: false; errors: Partial<Record<RateCardPriceField, string>> };

const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * Checks a rate card price row and reads it into minor units. Per field, the spec's message:
 * price, holiday price and night price empty → 'Please enter the amount'; not an amount → 'Please give valid
 * inputs'; outside 0..100000 → '{Label} should be in Between 0 to 100000'. The processing fee may be empty (0);
 * otherwise it is an amount from 0, less than the price (the normal, "actual" price): 'Please give Processing fee
 * less than the actual price'. Every field's problem is reported at once; nothing is rounded.
 */
export function validateRateCardPrices(input: RateCardPriceInput): RateCardPriceResult {
  const errors: Partial<Record<RateCardPriceField, string>> = {};
  for (const field of ['price', 'holidayPrice', 'nightPrice'] as const) {
    const problem = validateAmount(RATE_CARD_PRICE_LABELS[field], input[field]);
    if (problem) errors[field] = problem;
  }

  const fee = isEmpty(input.processingFee) ? 0 : input.processingFee;
  const feeMinor = parseAmountMinor(fee);
  if (feeMinor === null) errors.processingFee = INVALID_INPUTS_MESSAGE;
  else if (feeMinor < 0) errors.processingFee = amountRangeMessage(RATE_CARD_PRICE_LABELS.processingFee);
  else if (!errors.price) {
    const problem = validateProcessingFee(fee, input.price);
    if (problem) errors.processingFee = problem;
  }

  const normalMinor = parseAmountMinor(input.price);
  const holidayMinor = parseAmountMinor(input.holidayPrice);
  const nightMinor = parseAmountMinor(input.nightPrice);
  if (
    Object.keys(errors).length > 0 ||
    normalMinor === null ||
    holidayMinor === null ||
    nightMinor === null ||
    feeMinor === null
  )
    return { ok: false, errors };
  return { ok: true, prices: { normalMinor, holidayMinor, nightMinor, processingFeeMinor: feeMinor } };
}
