import { describe, expect, it } from '@jest/globals';
import { browserToday, formatCentreDate, monthStart } from './centre-date';

describe('a centre’s calendar date', () => {
  it('is shown as spec §9’s date, whatever the reader’s time zone', () => {
    expect(formatCentreDate('2026-11-28')).toBe('28 Nov 2026');
    expect(formatCentreDate('2027-01-01')).toBe('01 Jan 2027');
    expect(formatCentreDate(null)).toBe('—');
    expect(formatCentreDate('soon')).toBe('soon');
  });

  it('gives a month’s first day and the browser’s today', () => {
    expect(monthStart('2026-11-28')).toBe('2026-11-01');
    expect(browserToday(new Date(2026, 10, 5, 23, 59))).toBe('2026-11-05');
  });
});
