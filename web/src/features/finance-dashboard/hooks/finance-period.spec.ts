import { describe, expect, it } from '@jest/globals';
import { isFinancePeriod, periodDates } from './finance-period';

describe('the finance figures’ periods', () => {
  it('are the day, the month so far and the last 30 days, both ends included', () => {
    expect(periodDates('today', '2026-11-28')).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(periodDates('month', '2026-11-28')).toEqual({ from: '2026-11-01', to: '2026-11-28' });
    expect(periodDates('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('knows its own names only', () => {
    expect(isFinancePeriod('month')).toBe(true);
    expect(isFinancePeriod('year')).toBe(false);
    expect(isFinancePeriod(null)).toBe(false);
  });
});
