import { BASIS_POINTS_MAX, CURRENCIES, DEFAULT_CURRENCY, type CurrencyCode } from '@rayworks/validation';

/**
 * An invoice's lines to its totals (docs/decisions/0241-rounding-at-the-invoice-total.md). Exact arithmetic only:
 * every amount is a BigInt count of billionths of a minor unit, which holds every value the rules can produce
 * exactly — a basis-point discount (÷ 10^4), a basis-point tax on it (÷ 10^4) and the CGST/SGST halves (÷ 2) divide
 * a whole number of minor units by at most 2 × 10^8, a divisor of 10^9. Nothing is rounded except the invoice total,
 * once, half-up to whole minor units; the difference is the invoice's round-off.
 */

/** A line's discount: a whole amount in minor units, or a share of the line's price in basis points (1250 = 12.5%). */
export type LineDiscount = { kind: 'amount'; amountMinor: number } | { kind: 'basisPoints'; basisPoints: number };

/**
 * A line's tax (the centre's settings): exempt (diagnostic services, the default), intra-state supply (CGST and SGST,
 * each half of the rate) or inter-state supply (IGST, the whole rate). Rates in basis points (1800 = 18%).
 */
export type TaxRule =
  | { kind: 'exempt' }
  | { kind: 'intraState'; rateBasisPoints: number }
  | { kind: 'interState'; rateBasisPoints: number };

/** Diagnostic services are exempt from GST unless the centre's settings name a rate. */
export const EXEMPT_TAX: TaxRule = { kind: 'exempt' };

export interface InvoiceLineInput {
  /** Names the line in errors and in the answer (e.g. the test or package code). */
  lineId: string;
  /** Price of one unit, whole minor units, not negative. */
  priceMinor: number;
  /** A whole number of units, at least 1. */
  quantity: number;
  discount?: LineDiscount | null;
  /** Defaults to EXEMPT_TAX. */
  tax?: TaxRule;
}

/**
 * Exact amounts are decimal text in major units with as many fraction digits as the value needs and at least the
 * currency's ('1234.50', '10.005', '0.000000001'): what the console shows, never a float. The rounded total is an
 * integer of minor units like every stored amount.
 */
export type ExactAmount = string;

/** The amounts of one line, or the sums of all lines: exact, nothing rounded. */
export interface ExactAmounts {
  /** price × quantity, whole minor units. */
  grossMinor: number;
  discountExact: ExactAmount;
  /** gross − discount: what tax is charged on. */
  taxableExact: ExactAmount;
  cgstExact: ExactAmount;
  sgstExact: ExactAmount;
  igstExact: ExactAmount;
  /** taxable + cgst + sgst + igst. */
  totalExact: ExactAmount;
}

export interface InvoiceLineTotals extends ExactAmounts {
  lineId: string;
}

/** The invoice: its lines, the sums of their exact amounts, and the one rounded total. */
export interface InvoiceTotals extends ExactAmounts {
  currency: CurrencyCode;
  lines: InvoiceLineTotals[];
  /** The invoice total rounded half-up to whole minor units: the amount billed, paid and stored. */
  totalMinor: number;
  /** totalMinor − totalExact (the invoice's "round off", between −0.005 and +0.005 rupees). */
  roundOffExact: ExactAmount;
}

/** A line the totals cannot be computed for; `lineId` names it. */
export class InvoiceLineError extends Error {
  override name = 'InvoiceLineError';
  constructor(
    readonly lineId: string,
    message: string,
  ) {
    super(`line ${lineId}: ${message}`);
  }
}

/** A discount above the line's price (price × quantity), or above 100%. */
export class DiscountAbovePriceError extends InvoiceLineError {
  override name = 'DiscountAbovePriceError';
}

/** Billionths of a minor unit: the exact scale (see the file's comment). */
const SCALE = 1_000_000_000n;
const BASIS = BigInt(BASIS_POINTS_MAX);

function wholeNumber(lineId: string, name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): bigint {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new InvoiceLineError(lineId, `${name} must be a whole number from ${min} to ${max}: ${value}`);
  return BigInt(value);
}

/** Exact division that must leave nothing over: a remainder would be a broken invariant, never rounded away. */
function exactDivide(value: bigint, divisor: bigint): bigint {
  if (value % divisor !== 0n) throw new Error(`inexact division of ${value} by ${divisor}`);
  return value / divisor;
}

/** A scaled amount as major-unit decimal text with at least the currency's digits ('10.005', '-0.004'). */
function toExact(scaled: bigint, currency: CurrencyCode): ExactAmount {
  const minorDigits = CURRENCIES[currency].minorDigits;
  const digits = minorDigits + SCALE.toString().length - 1;
  const negative = scaled < 0n;
  const text = (negative ? -scaled : scaled).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text
    .slice(text.length - digits)
    .replace(/0+$/, '')
    .padEnd(minorDigits, '0');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

function toSafeMinor(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} is beyond a safe integer`);
  return Number(value);
}

/** A line's amounts (or an invoice's sums of them), scaled; gross is whole minor units. */
interface ScaledParts {
  gross: bigint;
  discount: bigint;
  taxable: bigint;
  cgst: bigint;
  sgst: bigint;
  igst: bigint;
}

interface ScaledLine extends ScaledParts {
  lineId: string;
}

const NO_PARTS: ScaledParts = { gross: 0n, discount: 0n, taxable: 0n, cgst: 0n, sgst: 0n, igst: 0n };

const addParts = (a: ScaledParts, b: ScaledParts): ScaledParts => ({
  gross: a.gross + b.gross,
  discount: a.discount + b.discount,
  taxable: a.taxable + b.taxable,
  cgst: a.cgst + b.cgst,
  sgst: a.sgst + b.sgst,
  igst: a.igst + b.igst,
});

const partsTotal = (p: ScaledParts): bigint => p.taxable + p.cgst + p.sgst + p.igst;

/** The parts as the answer writes them: gross in minor units, the rest exact decimal text. */
function writtenParts(p: ScaledParts, currency: CurrencyCode, what: string): ExactAmounts {
  return {
    grossMinor: toSafeMinor(p.gross, what),
    discountExact: toExact(p.discount, currency),
    taxableExact: toExact(p.taxable, currency),
    cgstExact: toExact(p.cgst, currency),
    sgstExact: toExact(p.sgst, currency),
    igstExact: toExact(p.igst, currency),
    totalExact: toExact(partsTotal(p), currency),
  };
}

function scaledLine(line: InvoiceLineInput, currency: CurrencyCode): ScaledLine {
  const { lineId } = line;
  const gross =
    wholeNumber(lineId, 'the price', line.priceMinor, 0) * wholeNumber(lineId, 'the quantity', line.quantity, 1);
  const grossScaled = gross * SCALE;

  let discount = 0n;
  const d = line.discount;
  if (d?.kind === 'amount') {
    discount = wholeNumber(lineId, 'the discount', d.amountMinor, 0) * SCALE;
  } else if (d?.kind === 'basisPoints') {
    const bp = wholeNumber(lineId, 'the discount rate', d.basisPoints, 0);
    if (bp > BASIS) throw new DiscountAbovePriceError(lineId, `the discount ${d.basisPoints} bp is above 100%`);
    discount = exactDivide(grossScaled * bp, BASIS);
  }
  if (discount > grossScaled)
    throw new DiscountAbovePriceError(
      lineId,
      `the discount ${toExact(discount, currency)} is above the price ${toExact(grossScaled, currency)}`,
    );
  const taxable = grossScaled - discount;

  const tax = line.tax ?? EXEMPT_TAX;
  let cgst = 0n;
  let sgst = 0n;
  let igst = 0n;
  if (tax.kind !== 'exempt') {
    const rate = wholeNumber(lineId, 'the tax rate', tax.rateBasisPoints, 0, BASIS_POINTS_MAX);
    const amount = exactDivide(taxable * rate, BASIS);
    if (tax.kind === 'intraState') {
      cgst = exactDivide(amount, 2n);
      sgst = cgst;
    } else {
      igst = amount;
    }
  }
  return { lineId, gross, discount, taxable, cgst, sgst, igst };
}

/** Half-up to whole minor units (amounts here are never negative, so half-up is half away from zero). */
function roundHalfUp(scaled: bigint): bigint {
  return (scaled + SCALE / 2n) / SCALE;
}

/**
 * The totals of an invoice's lines: per line price × quantity, less its discount (amount or basis points; above the
 * price is a DiscountAbovePriceError naming the line), plus its tax (exempt by default; intra-state CGST + SGST
 * halves; inter-state IGST) on the discounted amount — all exact. Only the invoice total is rounded, half-up to whole
 * minor units. Bad numbers (a negative price, a quantity of 0, a fractional amount) are InvoiceLineErrors.
 */
export function invoiceTotals(
  lines: readonly InvoiceLineInput[],
  currency: CurrencyCode = DEFAULT_CURRENCY,
): InvoiceTotals {
  const scaled = lines.map((line) => scaledLine(line, currency));
  const sums = scaled.reduce(addParts, NO_PARTS);
  const totalExact = partsTotal(sums);
  const totalMinor = roundHalfUp(totalExact);
  return {
    currency,
    lines: scaled.map((line) => ({
      lineId: line.lineId,
      ...writtenParts(line, currency, `line ${line.lineId}'s price`),
    })),
    ...writtenParts(sums, currency, 'the invoice price'),
    totalMinor: toSafeMinor(totalMinor, 'the invoice total'),
    roundOffExact: toExact(totalMinor * SCALE - totalExact, currency),
  };
}

/**
 * Whether a line's discount is above a role's discount limit (basis points of the line's price, 0..10000) and so
 * needs a privileged approval. A discount exactly at the limit does not; no discount never does.
 */
export function needsApproval(line: InvoiceLineInput, limitBasisPoints: number): boolean {
  if (!Number.isSafeInteger(limitBasisPoints) || limitBasisPoints < 0 || limitBasisPoints > BASIS_POINTS_MAX)
    throw new RangeError(`a discount limit is 0..${BASIS_POINTS_MAX} basis points: ${limitBasisPoints}`);
  const { lineId, discount: d } = line;
  if (!d) return false;
  if (d.kind === 'basisPoints')
    return wholeNumber(lineId, 'the discount rate', d.basisPoints, 0) > BigInt(limitBasisPoints);
  // amount / gross > limit / 10000, compared without division.
  const gross =
    wholeNumber(lineId, 'the price', line.priceMinor, 0) * wholeNumber(lineId, 'the quantity', line.quantity, 1);
  return wholeNumber(lineId, 'the discount', d.amountMinor, 0) * BASIS > BigInt(limitBasisPoints) * gross;
}

/** The ids of the lines whose discount needs a privileged approval under a role's limit. */
export const linesNeedingApproval = (lines: readonly InvoiceLineInput[], limitBasisPoints: number): string[] =>
  lines.filter((line) => needsApproval(line, limitBasisPoints)).map((line) => line.lineId);
