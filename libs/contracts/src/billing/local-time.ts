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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      throw new BillingCalendarError(`not an IANA time zone: ${timeZone}`);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
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
  const parts = formatterFor(timeZone).formatToParts(toInstant(at));
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const year = part('year');
  const month = part('month');
  const day = part('day');
  // Some ICU releases write midnight as 24 even with h23: it is hour 0 of the same date.
  const hour = part('hour') % 24;
  const minute = part('minute');
  return { date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, year, month, day, minuteOfDay: hour * 60 + minute };
}
