import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { formatReportDay } from '@rayworks/contracts';

dayjs.extend(customParseFormat);

/**
 * One calendar day as the console shows and takes it (spec §9: day, short month, year, '28 Nov 2026'), while the
 * APIs keep 'YYYY-MM-DD' (docs/decisions/0350-one-date-input.md). The calendar (month names, 31 Feb, leap years) is
 * dayjs's, parsing strictly (customParseFormat: a date that rolls over is invalid); the patterns below only bring
 * what a person types — any case, any of the separators — to one of its formats.
 */
const ISO = 'YYYY-MM-DD';
/** A four-digit year from 1000: '28 Nov 20' is not the year 20 while it is being typed. */
const YEAR = '([1-9]\\d{3})';
const ISO_DAY = new RegExp(`^${YEAR}-\\d{2}-\\d{2}$`);
const NAMED_DAY = new RegExp(`^(\\d{1,2})[\\s./-]*([A-Za-z]+)[\\s,./-]*${YEAR}$`);
const NUMERIC_DAY = new RegExp(`^(\\d{1,2})[./-](\\d{1,2})[./-]${YEAR}$`);

/** The day of `text` in one of the strict formats, as 'YYYY-MM-DD', or null. */
function strictDay(text: string, formats: string[]): string | null {
  const day = dayjs(text, formats, true);
  return day.isValid() ? day.format(ISO) : null;
}

/** A month's name as dayjs's English locale spells it: 'nov' → 'Nov', 'NOVEMBER' → 'November', 'Sept' → 'Sep'. */
function monthName(word: string): string {
  const name = word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
  return name === 'Sept' ? 'Sep' : name;
}

/** '28 Nov 2026' of a 'YYYY-MM-DD' day; '' for nothing or a value that is not a day. */
export function formatDay(value: string | null | undefined): string {
  const day = value && ISO_DAY.test(value) ? strictDay(value, [ISO]) : null;
  return day ? formatReportDay(`${day}T12:00:00Z`, 'UTC') : '';
}

/**
 * The day a person typed or pasted, as 'YYYY-MM-DD', or null while it is not a whole day yet. Takes the spec's
 * '28 Nov 2026' (any case, the whole month's name and 'Sept' too, separated by spaces, '-', '/' or '.'), the day-first
 * numbers of en-GB ('28/11/2026', '28-11-2026', '28.11.2026') and 'YYYY-MM-DD'. The year has four digits.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  if (ISO_DAY.test(value)) return strictDay(value, [ISO]);
  const named = NAMED_DAY.exec(value);
  if (named) return strictDay(`${Number(named[1])} ${monthName(named[2]!)} ${named[3]}`, ['D MMM YYYY', 'D MMMM YYYY']);
  const numeric = NUMERIC_DAY.exec(value);
  if (numeric) return strictDay(`${Number(numeric[1])}/${Number(numeric[2])}/${numeric[3]}`, ['D/M/YYYY']);
  return null;
}

/** The placeholder of a date input: the shape the spec shows. */
export const DAY_PLACEHOLDER = 'DD MMM YYYY';
