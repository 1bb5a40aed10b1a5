import { BASIS_POINTS_MAX, DEFAULT_CURRENCY, scaledToDecimal, type CurrencyCode } from '@rayworks/validation';
import { PAYMENT_MODES, type PaymentMode } from './payment-modes.js';

/**
 * The arithmetic of a centre's day end, its outstanding invoices and a referral's commission statement
 * (docs/decisions/0278, 0279): pure functions over whole minor units (decision 0079), used by the billing service and
 * unit-tested here. Nothing is a floating-point number; a commission is rounded once, at the statement's total.
 */

/**
 * The currency the finance figures are summed in. The platform bills in one currency (INR, decision 0079); sums of
 * amounts of several currencies would need a figure per currency, and these answers carry theirs.
 */
export const FINANCE_CURRENCY: CurrencyCode = DEFAULT_CURRENCY;

// ---- Collection: payments less refunds, by mode

/** What was taken and given back in one payment mode (one user's, a centre's day, a period's). */
export interface ModeCollection {
  mode: PaymentMode;
  payments: number;
  paidMinor: number;
  refunds: number;
  refundedMinor: number;
  /** paid − refunded: may be below zero (a day's refunds of earlier days' payments). */
  netMinor: number;
}

/** A collection: one line per mode that had a payment or a refund (PAYMENT_MODES' order), and the sums. */
export interface Collection {
  byMode: ModeCollection[];
  payments: number;
  paidMinor: number;
  refunds: number;
  refundedMinor: number;
  netMinor: number;
}

/** One group of ledger rows as a query sums them: a mode, a kind, how many and how much. */
export interface LedgerSum {
  mode: PaymentMode;
  kind: 'PAYMENT' | 'REFUND';
  entries: number;
  amountMinor: number;
}

const safe = (n: number, what: string): number => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} is not a safe whole number: ${n}`);
  return n;
};

/** The collection of ledger sums (any order, a mode and kind possibly split over rows): payments minus refunds. */
export function collectionOf(sums: readonly LedgerSum[]): Collection {
  const byMode = new Map<PaymentMode, ModeCollection>();
  for (const s of sums) {
    const line = byMode.get(s.mode) ?? {
      mode: s.mode,
      payments: 0,
      paidMinor: 0,
      refunds: 0,
      refundedMinor: 0,
      netMinor: 0,
    };
    if (s.kind === 'PAYMENT') {
      line.payments += s.entries;
      line.paidMinor = safe(line.paidMinor + s.amountMinor, 'a mode’s payments');
    } else {
      line.refunds += s.entries;
      line.refundedMinor = safe(line.refundedMinor + s.amountMinor, 'a mode’s refunds');
    }
    line.netMinor = line.paidMinor - line.refundedMinor;
    byMode.set(s.mode, line);
  }
  const lines = PAYMENT_MODES.flatMap((m) => byMode.get(m) ?? []);
  const sum = (pick: (l: ModeCollection) => number) => lines.reduce((n, l) => safe(n + pick(l), 'a sum'), 0);
  return {
    byMode: lines,
    payments: sum((l) => l.payments),
    paidMinor: sum((l) => l.paidMinor),
    refunds: sum((l) => l.refunds),
    refundedMinor: sum((l) => l.refundedMinor),
    netMinor: sum((l) => l.netMinor),
  };
}

/** The net of one mode in a collection (0 when the mode had nothing). */
export const netOfMode = (c: Collection, mode: PaymentMode): number =>
  c.byMode.find((l) => l.mode === mode)?.netMinor ?? 0;

/**
 * What changed between two collections of the same day: `now − then`, per mode (e.g. what came after the day was
 * closed: the collection now less the one the closing recorded). Modes with no change are left out.
 */
export function collectionSince(then: Collection, now: Collection): Collection {
  const sums: LedgerSum[] = [];
  for (const mode of PAYMENT_MODES) {
    const a = then.byMode.find((l) => l.mode === mode);
    const b = now.byMode.find((l) => l.mode === mode);
    const payments = (b?.payments ?? 0) - (a?.payments ?? 0);
    const paid = (b?.paidMinor ?? 0) - (a?.paidMinor ?? 0);
    const refunds = (b?.refunds ?? 0) - (a?.refunds ?? 0);
    const refunded = (b?.refundedMinor ?? 0) - (a?.refundedMinor ?? 0);
    if (payments || paid) sums.push({ mode, kind: 'PAYMENT', entries: payments, amountMinor: paid });
    if (refunds || refunded) sums.push({ mode, kind: 'REFUND', entries: refunds, amountMinor: refunded });
  }
  return collectionOf(sums);
}

// ---- Cash closing

/** Whether the cash counted at the close was what the day's cash collection says should be there. */
export const CLOSING_RESULTS = ['BALANCED', 'OVER', 'SHORT'] as const;
export type ClosingResult = (typeof CLOSING_RESULTS)[number];

export const CLOSING_RESULT_LABELS: Record<ClosingResult, string> = {
  BALANCED: 'Balanced',
  OVER: 'Over',
  SHORT: 'Short',
};

/** counted − expected: above zero the drawer is over, below zero short. */
export function closingDifference(
  countedMinor: number,
  expectedMinor: number,
): { differenceMinor: number; result: ClosingResult } {
  const differenceMinor = safe(safe(countedMinor, 'the counted cash') - safe(expectedMinor, 'the expected cash'), '');
  return { differenceMinor, result: differenceMinor === 0 ? 'BALANCED' : differenceMinor > 0 ? 'OVER' : 'SHORT' };
}

// ---- Local dates

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The day number of a calendar date 'YYYY-MM-DD' (days since 1970-01-01), or a RangeError for anything else. */
export function dayNumber(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`not a date: ${date}`);
  return ms / DAY_MS;
}

/** Whole days from one calendar date to another (to − from; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** The calendar date `days` after (or before) a date. */
export const addDays = (date: string, days: number): string =>
  new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** The longest period a dashboard or a commission statement covers, in days (both ends included): a year. */
export const FINANCE_PERIOD_MAX_DAYS = 366;

/**
 * The named periods of the finance dashboard: the day, the month so far, the last 30 days. A named period is
 * resolved on each centre's own clock (docs/decisions/0339): a centre's "today" is its date now, not the reader's.
 */
export const FINANCE_PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'month', label: 'This month' },
  { value: '30d', label: 'Last 30 days' },
] as const;
export type FinancePeriod = (typeof FINANCE_PERIODS)[number]['value'];
export const FINANCE_PERIOD_VALUES = FINANCE_PERIODS.map((p) => p.value) as [FinancePeriod, ...FinancePeriod[]];

export const isFinancePeriod = (v: string | null): v is FinancePeriod => FINANCE_PERIODS.some((p) => p.value === v);

/** A named period's dates (both included) for a centre whose date today is `today`. */
export function periodDates(period: FinancePeriod, today: string): { from: string; to: string } {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
  }
}

// ---- Ageing of what is owed

/** Age buckets of an unpaid balance, by days since the invoice's date of issue (its centre's date). */
export const AGEING_BUCKETS = [
  { key: '0-30', label: '0–30 days', fromDays: 0, toDays: 30 },
  { key: '31-60', label: '31–60 days', fromDays: 31, toDays: 60 },
  { key: '61-90', label: '61–90 days', fromDays: 61, toDays: 90 },
  { key: '90+', label: 'Over 90 days', fromDays: 91, toDays: null },
] as const;
export type AgeingBucketKey = (typeof AGEING_BUCKETS)[number]['key'];
export const AGEING_BUCKET_KEYS = AGEING_BUCKETS.map((b) => b.key) as [AgeingBucketKey, ...AgeingBucketKey[]];

/** The bucket of an invoice `ageDays` old (issued today: 0). An invoice dated after today is counted as 0 days. */
export function ageingBucketOf(ageDays: number): AgeingBucketKey {
  if (!Number.isSafeInteger(ageDays)) throw new RangeError(`not a whole number of days: ${ageDays}`);
  const age = Math.max(0, ageDays);
  return AGEING_BUCKETS.find((b) => b.toDays === null || age <= b.toDays)!.key;
}

/** The range of dates of issue ('YYYY-MM-DD', both ends included; null: no bound) a bucket holds on a day. */
export function ageingBucketDates(key: AgeingBucketKey, today: string): { from: string | null; to: string | null } {
  const bucket = AGEING_BUCKETS.find((b) => b.key === key)!;
  return {
    from: bucket.toDays === null ? null : addDays(today, -bucket.toDays),
    to: bucket.fromDays === 0 ? null : addDays(today, -bucket.fromDays),
  };
}

// ---- Referral commission

const BASIS = BigInt(BASIS_POINTS_MAX);
/** A commission's exact value is minor units × basis points / 10^4: decimal text with 2 + 4 fraction digits. */
const COMMISSION_DIGITS = 6;

/** Exact decimal text in rupees of (minor units × basis points), the scale COMMISSION_DIGITS: '12.345', '0.00'. */
function exactRupees(scaled: bigint): string {
  const n = Number(scaled);
  if (!Number.isSafeInteger(n)) throw new RangeError(`a commission beyond a safe integer: ${scaled}`);
  // keep the currency's two digits, drop the trailing zeros of the rest ('12.345000' → '12.345', '3.500000' → '3.50')
  return scaledToDecimal(n, COMMISSION_DIGITS).replace(/(\.\d\d\d*?)0+$/, '$1');
}

export interface Commission {
  /** What the commission is paid on: invoice totals less their credit notes, whole minor units. */
  baseMinor: number;
  basisPoints: number;
  /** base × basis points / 10,000, exact, in rupees ('123.4567'). */
  exact: string;
  /** The exact value rounded half-up to whole minor units: the one rounding (docs/decisions/0279). */
  minor: number;
}

/** A visit's share of a statement: its exact commission, never rounded on its own. */
export function exactCommission(baseMinor: number, basisPoints: number): string {
  return exactRupees(BigInt(checkBase(baseMinor)) * BigInt(checkBasisPoints(basisPoints)));
}

/**
 * The commission of a statement: basis points of the summed base, exactly, then rounded once, half-up (the amounts are
 * never negative, so half-up is half away from zero, as the invoice total in decision 0241). The sum of the visits'
 * exact shares is exactly `exact`, so the rounded total never depends on the order or the number of visits.
 */
export function commissionOf(baseMinor: number, basisPoints: number): Commission {
  const scaled = BigInt(checkBase(baseMinor)) * BigInt(checkBasisPoints(basisPoints));
  const minor = (scaled + BASIS / 2n) / BASIS;
  return { baseMinor, basisPoints, exact: exactRupees(scaled), minor: Number(minor) };
}

function checkBase(baseMinor: number): number {
  if (!Number.isSafeInteger(baseMinor) || baseMinor < 0) throw new RangeError(`not a commission base: ${baseMinor}`);
  return baseMinor;
}

function checkBasisPoints(basisPoints: number): number {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > BASIS_POINTS_MAX)
    throw new RangeError(`not a rate in basis points: ${basisPoints}`);
  return basisPoints;
}
