import { FINANCE_PERIOD_MAX_DAYS } from './day-end-rules.js';

/**
 * The messages of a centre's day end, cash closing, outstanding invoices, commission statements and the finance
 * dashboard (docs/decisions/0278–0280). The specification gives none of these words: they are designed once here and
 * asserted by tests.
 */
export const DAY_END_MESSAGES = {
  dayClosed: 'Day Closed Successfully',
  centreNotFound: 'Centre not found',
  referralNotFound: 'Referral not found',
  /** A second close of a centre's day (409): it names who closed it and when. */
  alreadyClosed: (date: string, by: string) => `The day ${date} is already closed at this centre (by ${by})`,
  /** A day that has not yet begun at the centre cannot be closed or reported (400, the whole message). */
  futureDay: 'date: is after today at the centre',
  /** A period whose start is after its end (400 `from: …`). */
  periodReversed: 'must not be after to',
  /** A period longer than a year (400 `to: …`). */
  periodTooLong: `must be at most ${FINANCE_PERIOD_MAX_DAYS} days after from`,
  /** The dashboard is asked for a named period or for two dates, never both nor neither (400 `period: …`). */
  periodOrDates: 'give a period, or from and to',
} as const;
