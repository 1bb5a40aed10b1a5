import { localDateTime, type BillingInstant } from './local-time.js';

/**
 * The Indian financial year (April to March) and the invoice numbers written with it
 * (docs/decisions/0242-invoice-numbers-by-centre-and-financial-year.md). An invoice number is
 * `<CENTRE CODE>/<FINANCIAL YEAR>/<SEQUENCE>`, e.g. `BLR01/2026-27/000123`: the sequence restarts at 1 for each
 * centre and financial year. Handing out gap-free sequences is the database's work; this file is only the format.
 */

/** The month (1..12) a financial year starts in: April. */
export const FINANCIAL_YEAR_FIRST_MONTH = 4;

/** The sequence is written with at least this many digits (zero-padded); a larger one is written in full. */
export const INVOICE_SEQUENCE_DIGITS = 6;

/** A centre code in an invoice number: upper-case letters and digits, hyphens between them, at most 12 characters. */
export const INVOICE_CENTRE_CODE = /^(?=.{1,12}$)[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

const FINANCIAL_YEAR_LABEL = /^(\d{4})-(\d{2})$/;

/** An invoice number, a centre code, a financial year or a sequence that cannot be written. */
export class InvoiceNumberError extends Error {
  override readonly name = 'InvoiceNumberError';
}

/** A financial year by the calendar year it starts in: 2026 → '2026-27' (1999 → '1999-00'). */
export function financialYearLabel(startYear: number): string {
  if (!Number.isInteger(startYear) || startYear < 1000 || startYear > 9998)
    throw new InvoiceNumberError(`not a financial year's first calendar year: ${startYear}`);
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The calendar year a financial year label starts in ('2026-27' → 2026), or null for anything else ('2026-28'). */
export function parseFinancialYear(label: string): number | null {
  const match = FINANCIAL_YEAR_LABEL.exec(label);
  if (!match) return null;
  const startYear = Number(match[1]);
  if (startYear < 1000 || startYear > 9998) return null;
  return (startYear + 1) % 100 === Number(match[2]) ? startYear : null;
}

/**
 * The financial year an instant falls in on a centre's clock (its IANA time zone): 1 April 00:00 local starts
 * '2026-27', 31 March 23:59 local still belongs to '2025-26'.
 */
export function financialYearOf(at: BillingInstant, timeZone: string): string {
  const { year, month } = localDateTime(at, timeZone);
  return financialYearLabel(month >= FINANCIAL_YEAR_FIRST_MONTH ? year : year - 1);
}

/** The first and last local dates of a financial year: '2026-27' → 2026-04-01 .. 2027-03-31. */
export function financialYearDates(label: string): { firstDay: string; lastDay: string } {
  const startYear = parseFinancialYear(label);
  if (startYear === null) throw new InvoiceNumberError(`not a financial year: ${label}`);
  return { firstDay: `${startYear}-04-01`, lastDay: `${startYear + 1}-03-31` };
}

export interface InvoiceNumberParts {
  centreCode: string;
  /** '2026-27' */
  financialYear: string;
  /** 1, 2, 3 … per centre and financial year. */
  sequence: number;
}

/**
 * The text of an invoice number: `BLR01/2026-27/000123`. Throws InvoiceNumberError for a centre code outside
 * INVOICE_CENTRE_CODE, a malformed financial year, or a sequence that is not a whole number from 1.
 */
export function formatInvoiceNumber({ centreCode, financialYear, sequence }: InvoiceNumberParts): string {
  if (!INVOICE_CENTRE_CODE.test(centreCode))
    throw new InvoiceNumberError(
      `a centre code in an invoice number is 1 to 12 upper-case letters, digits and hyphens: ${centreCode}`,
    );
  if (parseFinancialYear(financialYear) === null)
    throw new InvoiceNumberError(`not a financial year: ${financialYear}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    throw new InvoiceNumberError(`an invoice sequence is a whole number from 1: ${sequence}`);
  return `${centreCode}/${financialYear}/${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;
}

/**
 * The parts of an invoice number, or null when the text is not one formatInvoiceNumber writes (so a number has one
 * spelling: '000123' but not '123' or '0000123').
 */
export function parseInvoiceNumber(text: string): InvoiceNumberParts | null {
  const pieces = text.split('/');
  if (pieces.length !== 3) return null;
  const [centreCode = '', financialYear = '', digits = ''] = pieces;
  if (!INVOICE_CENTRE_CODE.test(centreCode) || parseFinancialYear(financialYear) === null) return null;
  if (!/^\d+$/.test(digits)) return null;
  const sequence = Number(digits);
  if (!Number.isSafeInteger(sequence) || sequence < 1) return null;
  if (String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0') !== digits) return null;
  return { centreCode, financialYear, sequence };
}
