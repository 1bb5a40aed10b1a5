/** The wall-clock reading of an instant in a time zone (numeric parts only, so no ICU version changes the words). */
export interface WallClock {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  /** 0..23 */
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * What a clock in `timeZone` (an IANA name: 'Asia/Kolkata', 'America/New_York', 'UTC') shows at `instant`, read with
 * the standard Intl.DateTimeFormat (no time-zone library). A name Intl does not know throws its RangeError. The one
 * reading of a local clock for every rule that needs one: a report's printed date, a centre's billing day.
 */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  // Some ICU releases write midnight as 24 even with h23: it is hour 0 of the same date.
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  };
}
