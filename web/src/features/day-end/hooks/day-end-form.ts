import { closingDifference, type ClosingResult } from '@rayworks/contracts';
import {
  AMOUNT_REQUIRED_MESSAGE,
  DEFAULT_CURRENCY,
  INVALID_INPUTS_MESSAGE,
  parseAmountMinor,
  type CurrencyCode,
} from '@rayworks/validation';

/**
 * Closing a centre's day (docs/decisions/0278, 0286): the cash counted in the drawer is typed as text and read into
 * minor units by libs/validation (an empty drawer is 0, counted and closed like any other); the difference is
 * libs/contracts' closingDifference — the function the billing service stores — so what the console previews is what
 * the closing records. The desk counts blind: without FINANCE VIEW it sees no expected cash and no preview.
 */
export interface CloseDayValues {
  counted: string;
  note: string;
}

export const NOTE_MAX = 500;

export function readCountedCash(
  text: string,
  currency: CurrencyCode = DEFAULT_CURRENCY,
): { minor: number } | { error: string } {
  if (text.trim() === '') return { error: AMOUNT_REQUIRED_MESSAGE };
  const minor = parseAmountMinor(text, currency);
  if (minor === null || minor < 0) return { error: INVALID_INPUTS_MESSAGE };
  return { minor };
}

export function closeDayErrors(
  values: CloseDayValues,
  currency?: CurrencyCode,
): Partial<Record<keyof CloseDayValues, string>> {
  const errors: Partial<Record<keyof CloseDayValues, string>> = {};
  const counted = readCountedCash(values.counted, currency);
  if ('error' in counted) errors.counted = counted.error;
  if (values.note.trim().length > NOTE_MAX) errors.note = INVALID_INPUTS_MESSAGE;
  return errors;
}

/** What the closing would record now, while the counted text is an amount (else null): for those who see the figures. */
export function closingPreview(
  countedText: string,
  expectedMinor: number,
  currency?: CurrencyCode,
): { countedMinor: number; differenceMinor: number; result: ClosingResult } | null {
  const counted = readCountedCash(countedText, currency);
  if ('error' in counted) return null;
  return { countedMinor: counted.minor, ...closingDifference(counted.minor, expectedMinor) };
}

/** The body of /finance/dayend/close for valid values. */
export function closeDayBody(centreId: string, date: string, values: CloseDayValues, currency?: CurrencyCode) {
  const counted = readCountedCash(values.counted, currency);
  if ('error' in counted) throw new Error(counted.error);
  return { centreId, date, countedCashMinor: counted.minor, note: values.note.trim() || null };
}

/** The colour a closing's result is shown in. */
export const RESULT_COLORS: Record<ClosingResult, string> = { BALANCED: 'teal', OVER: 'orange', SHORT: 'red' };
