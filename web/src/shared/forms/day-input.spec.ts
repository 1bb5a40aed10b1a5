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
  ])('%j (%s) is not a day yet', (text) => {
    expect(parseDay(text)).toBeNull();
  });

  it('reads back what it shows', () => {
    for (const day of ['2026-01-01', '2026-06-15', '2026-09-30', '2026-12-31'])
      expect(parseDay(formatDay(day))).toBe(day);
  });
});
