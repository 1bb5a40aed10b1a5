// Money (docs/decisions/0079-money-in-minor-units.md): an amount is an integer count of its currency's minor
// units (paise for INR) with its currency, everywhere — never a floating-point number. User input is read into
// minor units and written back out with string arithmetic only, so '0.1' + '0.2' is exactly 30 paise.

/** The currencies the platform bills in, with the number of minor-unit digits of each (ISO 4217). */
export const CURRENCIES = { INR: { minorDigits: 2 } } as const;
export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];
export const DEFAULT_CURRENCY: CurrencyCode = 'INR';

/** Plain decimal notation, optionally negative: "100", "99.50", ".5", "5.", "-1". No exponent, no grouping. */
const DECIMAL_TEXT = /^(-?)([0-9]*)(?:\.([0-9]*))?$/;

/**
 * The number of minor units a decimal text holds in a currency ("99.50" INR → 9950), or null when the text is not
 * plain decimal notation, has more fraction digits than the currency has minor units ("0.001"), or does not fit a
 * safe integer. Surrounding spaces are ignored. Pure string and BigInt arithmetic: no rounding ever happens.
 */
export function parseMinorUnits(text: string, currency: CurrencyCode = DEFAULT_CURRENCY): number | null {
  return parseScaledDecimal(text, CURRENCIES[currency].minorDigits);
}

/**
 * A decimal text as an integer count of 10^-digits ("12.5" with 2 digits → 1250), or null (see parseMinorUnits).
 * Money and basis points (percentages with two decimals) are both read with it.
 */
export function parseScaledDecimal(text: string, digits: number): number | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (fraction.length > digits) return null;
  const scaled = BigInt(whole || '0') * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  const signed = sign === '-' ? -scaled : scaled;
  if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(signed) === 0 ? 0 : Number(signed);
}

/** An integer count of 10^-digits as plain decimal text with all its fraction digits (1250, 2 → "12.50"). */
export function scaledToDecimal(value: number, digits: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  const text = Math.abs(value)
    .toString()
    .padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${value < 0 ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/**
 * Minor units as plain decimal text with all the currency's fraction digits (9950 INR → "99.50", -5 → "-0.05"):
 * what an input field shows and what Intl.NumberFormat formats exactly (formatMoney in libs/contracts).
 */
export function minorUnitsToDecimal(minor: number, currency: CurrencyCode = DEFAULT_CURRENCY): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not a whole number of minor units: ${minor}`);
  return scaledToDecimal(minor, CURRENCIES[currency].minorDigits);
}

/** Major units (whole rupees) as minor units: for limits written in major units (AMOUNT_MAX). */
export const majorToMinorUnits = (major: number, currency: CurrencyCode = DEFAULT_CURRENCY): number => {
  if (!Number.isSafeInteger(major)) throw new Error(`not a whole number: ${major}`);
  return major * 10 ** CURRENCIES[currency].minorDigits;
};

// ---- Percentages: basis points (docs/decisions/0079). A rate such as a referral's commission is not money: it is
// an integer count of basis points (1/100 of a percent), 0..10000, read and written with the same string arithmetic.

export const BASIS_POINTS_MAX = 10000;

/** "12.5" (percent) → 1250 basis points; null for text that is not a percentage with at most two decimals. */
export const parsePercentToBasisPoints = (text: string): number | null => parseScaledDecimal(text, 2);

/** 1250 → "12.5": the percentage as a user types it (no trailing zeros). */
export function basisPointsToPercent(basisPoints: number): string {
  return scaledToDecimal(basisPoints, 2)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}
