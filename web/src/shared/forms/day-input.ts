import { formatReportDay } from '@rayworks/contracts';

/**
 * One calendar day as the console shows and takes it (spec §9: day, short month, year, '28 Nov 2026'), while the
 * APIs keep 'YYYY-MM-DD' (docs/decisions/0350-one-date-input.md).
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** 'YYYY-MM-DD' of a real calendar day, or null (no 31 Feb, no year 0). */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A month's number from its English name or abbreviation ('Nov', 'November', 'Sept'), or null. */
function monthOf(name: string): number | null {
  const key = name.toLowerCase();
  if (key.length < 3) return null;
  const index = MONTHS.findIndex((m) => key.startsWith(m));
  if (index < 0) return null;
  const full = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' })
    .format(new Date(Date.UTC(2000, index, 1)))
    .toLowerCase();
  // the abbreviation, 'sept', or the whole name: not 'novxyz'
  return key === MONTHS[index] || key === 'sept' || key === full ? index + 1 : null;
}

/** '28 Nov 2026' of a 'YYYY-MM-DD' day; '' for nothing or a value that is not a day. */
export function formatDay(value: string | null | undefined): string {
  const match = value ? ISO_DAY.exec(value) : null;
  if (!match || !isoOf(Number(match[1]), Number(match[2]), Number(match[3]))) return '';
  return formatReportDay(`${value}T12:00:00Z`, 'UTC');
}

/**
 * The day a person typed or pasted, as 'YYYY-MM-DD', or null while it is not a whole day yet. Takes the spec's
 * '28 Nov 2026' (any case, the whole month's name too, separated by spaces, '-', '/' or '.'), the day-first numbers of
 * en-GB ('28/11/2026', '28-11-2026', '28.11.2026') and 'YYYY-MM-DD'. The year has four digits, so '28 Nov 20' is not
 * read as the year 20 while it is being typed.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const named = /^(\d{1,2})[\s./-]*([A-Za-z]+)[\s,./-]*(\d{4})$/.exec(value);
  if (named) {
    const month = monthOf(named[2]!);
    return month ? isoOf(Number(named[3]), month, Number(named[1])) : null;
  }
  const numeric = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  if (numeric) return isoOf(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  return null;
}

/** The placeholder of a date input: the shape the spec shows. */
export const DAY_PLACEHOLDER = 'DD MMM YYYY';
