import { formatDay } from '../forms/day-input';

/**
 * A centre's calendar date ('YYYY-MM-DD', the day end's and an invoice's date of issue) as spec §9 shows dates
 * ("28 Nov 2026"): the date itself, never moved by the reader's time zone.
 */
export function formatCentreDate(date: string | null | undefined): string {
  return formatDay(date) || date || '—';
}

/** The first day of a date's month ('2026-11-28' → '2026-11-01'). */
export const monthStart = (date: string): string => `${date.slice(0, 7)}-01`;

/** Today's calendar date where the browser is ('YYYY-MM-DD'): a default the centre's own clock may correct. */
export function browserToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
