import { BILLING_API, type CentreBillingSettings, type Holiday } from '@rayworks/contracts';
import {
  basisPointsToPercent,
  INVALID_INPUTS_MESSAGE,
  parsePercentToBasisPoints,
  requiredMessage,
} from '@rayworks/validation';

/** The holiday form as typed: a local date, its name, the centres that close (or bill at the holiday price). */
export interface HolidayValues extends Record<string, unknown> {
  date: string;
  name: string;
  centreIds: string[];
}

export const holidayValues = (centreId: string | null): HolidayValues => ({
  date: '',
  name: '',
  centreIds: centreId ? [centreId] : [],
});

export const holidayBody = (v: HolidayValues) => ({ date: v.date, name: v.name.trim(), centreIds: v.centreIds });

/** The first and last day of a calendar year, the list's filter ('YYYY-MM-DD'). */
export const yearRange = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/** The years the calendar offers: last year to two years ahead. */
export const calendarYears = (thisYear: number): number[] => [thisYear - 1, thisYear, thisYear + 1, thisYear + 2];

/** A holiday's local date as the calendar shows it: 'Wed, 26 Jan 2026' (a calendar day: no time zone shift). */
export function holidayDay(date: Holiday['date']): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The centre's clock settings as typed ('HH:MM' times; both empty: no night price). */
export interface ClockValues extends Record<string, unknown> {
  timeZone: string;
  nightStart: string;
  nightEnd: string;
  taxStateCode: string;
  /** The GST rate in percent as typed, e.g. '18'. */
  taxRatePercent: string;
}

export const clockValues = (s: CentreBillingSettings): ClockValues => ({
  timeZone: s.timeZone,
  nightStart: s.nightWindow?.start ?? '',
  nightEnd: s.nightWindow?.end ?? '',
  taxStateCode: s.taxStateCode ?? '',
  taxRatePercent: basisPointsToPercent(s.taxRateBasisPoints),
});

/** The clock form's labels. */
export const CLOCK_LABELS = {
  timeZone: 'Time Zone',
  nightStart: 'Night Starts',
  nightEnd: 'Night Ends',
  taxStateCode: 'Tax State Code',
  taxRatePercent: 'GST Rate (%)',
} as const;

export const NIGHT_WINDOW_HALF = 'Give both the start and the end of the night, or neither';

/**
 * The body of /centre/billing-settings/update: the whole settings, so what the form does not show (the roles'
 * discount limits) is sent back as it was — a field left out would be reset to its default.
 */
export function clockBody(s: CentreBillingSettings, v: ClockValues) {
  return {
    centreId: s.centreId,
    timeZone: v.timeZone.trim(),
    nightWindow: v.nightStart && v.nightEnd ? { start: v.nightStart, end: v.nightEnd } : null,
    taxStateCode: v.taxStateCode.trim() === '' ? null : v.taxStateCode.trim(),
    taxRateBasisPoints: parsePercentToBasisPoints(v.taxRatePercent.trim()) ?? -1,
    discountLimits: s.discountLimits,
  };
}

/** Which field of the form a problem of the body's key belongs under. */
const FIELD_OF: Record<string, keyof ClockValues> = {
  timeZone: 'timeZone',
  nightWindow: 'nightEnd',
  taxStateCode: 'taxStateCode',
  taxRateBasisPoints: 'taxRatePercent',
};

/**
 * The clock form's problems, field → message: a time zone is required, the night window has both ends or none, and
 * the contract's own checks (the server's) under the field they concern, in its words ('Time Zone is not valid',
 * 'Tax State Code should be 2 digits', 'The night window cannot end where it starts', 'Please give valid inputs').
 */
export function clockErrors(s: CentreBillingSettings, v: ClockValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.timeZone.trim() === '') errors.timeZone = requiredMessage(CLOCK_LABELS.timeZone);
  if ((v.nightStart === '') !== (v.nightEnd === ''))
    errors[v.nightStart === '' ? 'nightStart' : 'nightEnd'] = NIGHT_WINDOW_HALF;
  const parsed = BILLING_API.updateBillingSettings.body.safeParse(clockBody(s, v));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0] ?? '')] ?? 'timeZone';
      errors[field] ??= issue.message || INVALID_INPUTS_MESSAGE;
    }
  return errors;
}

/** '22:00 – 06:00 (next day)', or that the centre has no night prices. */
export function nightLabel(s: Pick<CentreBillingSettings, 'nightWindow'>): string {
  return s.nightWindow
    ? `${s.nightWindow.start} – ${s.nightWindow.end}${s.nightWindow.start > s.nightWindow.end ? ' (next day)' : ''}`
    : 'No night prices';
}
