import { describe, expect, it } from '@jest/globals';
import { formatDisplayDate } from '../format';
import { formatDay, parseDay } from './day-input';

describe('formatDay: a YYYY-MM-DD day as spec §9 shows it', () => {
  it.each([
    ['2026-11-28', '28 Nov 2026'],
    ['2026-09-03', '03 Sep 2026'],
    ['2024-02-29', '29 Feb 2024'],
    ['2025-02-29', ''],
    ['28/11/2026', ''],
    ['', ''],
    [null, ''],
  ])('%s → %j', (value, shown) => {
    expect(formatDay(value)).toBe(shown);
  });

  it("is the rest of the console's date (formatDisplayDate) for the same day", () => {
    expect(formatDay('2026-11-28')).toBe(formatDisplayDate(new Date(2026, 10, 28, 12)));
  });
});

describe('parseDay: what a person types or pastes', () => {
  it.each([
    ['28 Nov 2026', '2026-11-28'],
    ['28 nov 2026', '2026-11-28'],
    ['8 Nov 2026', '2026-11-08'],
    ['28 November 2026', '2026-11-28'],
    ['03 Sept 2026', '2026-09-03'],
    ['28-Nov-2026', '2026-11-28'],
    ['28Nov2026', '2026-11-28'],
    ['  28 Nov 2026 ', '2026-11-28'],
    ['28/11/2026', '2026-11-28'],
    ['28-11-2026', '2026-11-28'],
    ['28.11.2026', '2026-11-28'],
    ['2026-11-28', '2026-11-28'],
    ['3/2/2026', '2026-02-03'],
    ['03/02/2026', '2026-02-03'],
    ['28/11-2026', '2026-11-28'],
    ['28 Nov, 2026', '2026-11-28'],
    ['28 NOV 2026', '2026-11-28'],
    ['28 NOVEMBER 2026', '2026-11-28'],
    ['1 may 2026', '2026-05-01'],
    ['29 Feb 2024', '2024-02-29'],
    ['29/02/2024', '2024-02-29'],
    ['2024-02-29', '2024-02-29'],
    ['29 Feb 2000', '2000-02-29'],
    ['31 Dec 9999', '9999-12-31'],
    ['1 Jan 1000', '1000-01-01'],
  ])('%j → %s', (text, day) => {
    expect(parseDay(text)).toBe(day);
  });

  it.each([
    ['', 'nothing'],
    ['28', 'a day alone'],
    ['28 Nov', 'no year'],
    ['28 Nov 20', 'a year being typed'],
    ['28 No 2026', 'a month too short'],
    ['28 Novxyz 2026', 'not a month'],
    ['31 Feb 2026', 'a day the month does not have'],
    ['29 Feb 2025', 'not a leap year'],
    ['11/28/2026', 'month-first numbers'],
    ['2026-13-01', 'no month 13'],
    ['0 Nov 2026', 'day 0'],
    ['31/02/2026', 'no 31 Feb in numbers'],
    ['2026-02-31', 'no 31 Feb in YYYY-MM-DD'],
    ['31 Apr 2026', 'a 30-day month'],
    ['29/02/2025', 'not a leap year, in numbers'],
    ['2025-02-29', 'not a leap year, in YYYY-MM-DD'],
    ['29 Feb 2100', 'a century that is not a leap year'],
    ['28/11/26', 'a two-digit year'],
    ['28 Nov 26', 'a two-digit year after a month'],
    ['26-11-28', 'a two-digit year first'],
    ['1 Jan 0999', 'a year before 1000'],
    ['0999-01-01', 'a year before 1000 in YYYY-MM-DD'],
    ['2026-1-5', 'YYYY-MM-DD without its zeros'],
    ['00/11/2026', 'day 00'],
    ['28/00/2026', 'month 00'],
    ['32 Jan 2026', 'day 32'],
    ['28 Sep 2026 10:00', 'a time after the day'],
    ['28 Nov 2026x', 'something after the year'],
  ])('%j (%s) is not a day yet', (text) => {
    expect(parseDay(text)).toBeNull();
  });

  it('reads back what it shows', () => {
    for (const day of ['2026-01-01', '2026-06-15', '2026-09-30', '2026-12-31'])
      expect(parseDay(formatDay(day))).toBe(day);
  });
});
