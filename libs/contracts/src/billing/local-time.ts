import { wallClock, type WallClock } from '../time/wall-clock.js';

/**
 * The wall clock of a centre: an instant read in the centre's IANA time zone with the standard
 * Intl.DateTimeFormat (no time-zone library). Billing decides by it which day an invoice, a holiday price or a
 * financial year belongs to — the centre's local date, never the server's or UTC.
 */
export interface LocalDateTime {
  /** The local date, 'YYYY-MM-DD'. */
  date: string;
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  /** Minutes since local midnight, 0..1439 (seconds are dropped: 05:59:59 is minute 359). */
  minuteOfDay: number;
}

/** An instant a billing rule is asked about: a Date, epoch milliseconds or an ISO 8601 text with an offset. */
export type BillingInstant = Date | number | string;

/** A time zone, night window, holiday date, instant or rate price that the calendar and pricing rules cannot read. */
export class BillingCalendarError extends Error {
  override readonly name = 'BillingCalendarError';
}

/** The instant as a Date, or a BillingCalendarError when it names no time. */
export function toInstant(at: BillingInstant): Date {
  const date = at instanceof Date ? new Date(at.getTime()) : new Date(at);
  if (Number.isNaN(date.getTime())) throw new BillingCalendarError(`not an instant: ${String(at)}`);
  return date;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The local date and minute of an instant in an IANA time zone ('Asia/Kolkata', 'America/New_York', 'UTC'). */
export function localDateTime(at: BillingInstant, timeZone: string): LocalDateTime {
  let clock: WallClock;
  try {
    clock = wallClock(toInstant(at), timeZone);
  } catch (error) {
    if (error instanceof BillingCalendarError) throw error;
    throw new BillingCalendarError(`not an IANA time zone: ${timeZone}`);
  }
  const { year, month, day, hour, minute } = clock;
  return { date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, year, month, day, minuteOfDay: hour * 60 + minute };
}

/** A centre's time zone until it names its own in its billing calendar (the product's first market). */
export const DEFAULT_CENTRE_TIME_ZONE = 'Asia/Kolkata';
