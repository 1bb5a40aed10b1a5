import { BillingCalendarError, localDateTime, type BillingInstant } from './local-time.js';

/**
 * Which of a rate card's three prices a visit is billed at (docs/decisions/0240-visit-pricing-by-centre-calendar.md).
 * One pure function, called by the console's price preview and by the server that bills: the two can never disagree.
 */
export const PRICE_KINDS = ['normal', 'holiday', 'night'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** How an invoice, a receipt and the console's price preview name the price a line was billed at. */
export const PRICE_KIND_LABELS: Readonly<Record<PriceKind, string>> = {
  normal: 'Normal Price',
  holiday: 'Holiday Price',
  night: 'Night Price',
};

/** A rate card row's prices, each an integer count of minor units (paise), never negative. */
export interface RatePrices {
  normalMinor: number;
  holidayMinor: number;
  nightMinor: number;
}

/** A centre's night window in local wall-clock time, 'HH:MM' (24-hour); start after end crosses midnight. */
export interface NightWindow {
  start: string;
  end: string;
}

/** What a centre's calendar says about prices: its time zone, its holidays (local dates) and its night window. */
export interface CentreCalendar {
  /** IANA time zone of the centre, e.g. 'Asia/Kolkata'. */
  timeZone: string;
  /** Local dates 'YYYY-MM-DD' billed at the holiday price, whole day (00:00 to 23:59 local). */
  holidays: readonly string[];
  /** The night window, or null when the centre has no night price. */
  nightWindow: NightWindow | null;
}

export interface VisitPrice {
  kind: PriceKind;
  amountMinor: number;
}

const HH_MM = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;
const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

/** 'HH:MM' as minutes since local midnight; a BillingCalendarError for anything else ('24:00', '6:00'). */
export function minuteOfDay(text: string): number {
  const match = HH_MM.exec(text);
  if (!match) throw new BillingCalendarError(`not a time of day HH:MM: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Whether a local minute of the day lies in the night window: start included, end excluded. A window whose start is
 * after its end crosses midnight (22:00–06:00: 23:30 and 05:59 are night, 06:00 and 21:59 are not). A window that
 * starts where it ends is refused (it could mean all day or never).
 */
export function isNightMinute(minute: number, window: NightWindow): boolean {
  const start = minuteOfDay(window.start);
  const end = minuteOfDay(window.end);
  if (start === end) throw new BillingCalendarError(`the night window starts where it ends: ${window.start}`);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

function checkedPrice(name: keyof RatePrices, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new BillingCalendarError(`${name} must be a whole, non-negative number of minor units: ${value}`);
  return value;
}

/**
 * The price of a visit at an instant, decided on the centre's wall clock (its IANA time zone, not the server's):
 * - a holiday is the whole local date listed in `holidays`; the night that follows a holiday's date, after local
 *   midnight, belongs to the next date (night only, unless that date is a holiday too);
 * - night is the local time inside `nightWindow` (start included, end excluded, across midnight allowed);
 * - a holiday night is billed at the higher of the holiday and night prices, named by the price taken (on equal
 *   prices, 'holiday'): the centre never charges less than either rule alone asks;
 * - otherwise the normal price.
 * Throws BillingCalendarError for an unknown time zone, a malformed holiday date or night window, an instant that
 * names no time, or a price that is not a whole non-negative number of minor units.
 */
export function priceAt(rate: RatePrices, at: BillingInstant, calendar: CentreCalendar): VisitPrice {
  const normalMinor = checkedPrice('normalMinor', rate.normalMinor);
  const holidayMinor = checkedPrice('holidayMinor', rate.holidayMinor);
  const nightMinor = checkedPrice('nightMinor', rate.nightMinor);
  for (const holiday of calendar.holidays)
    if (!LOCAL_DATE.test(holiday)) throw new BillingCalendarError(`not a local date YYYY-MM-DD: ${holiday}`);

  const local = localDateTime(at, calendar.timeZone);
  const holiday = calendar.holidays.includes(local.date);
  const night = calendar.nightWindow !== null && isNightMinute(local.minuteOfDay, calendar.nightWindow);

  if (holiday && night)
    return nightMinor > holidayMinor
      ? { kind: 'night', amountMinor: nightMinor }
      : { kind: 'holiday', amountMinor: holidayMinor };
  if (holiday) return { kind: 'holiday', amountMinor: holidayMinor };
  if (night) return { kind: 'night', amountMinor: nightMinor };
  return { kind: 'normal', amountMinor: normalMinor };
}
