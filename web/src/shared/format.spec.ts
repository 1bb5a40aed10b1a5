import { describe, expect, it } from '@jest/globals';
import { formatDisplayDate, formatDisplayDateTime } from './format';

describe('date display (spec §9)', () => {
  it('shows day, short month and year in en-GB with a 12-hour clock and upper-case AM/PM', () => {
    const text = formatDisplayDateTime('2025-11-21T09:08:00Z');
    expect(text).toMatch(/^\d{2} [A-Z][a-z]{2} 2025, \d{2}:\d{2} (AM|PM)$/);
    expect(formatDisplayDate('2025-11-21T12:00:00Z')).toMatch(/^(20|21|22) Nov 2025$/);
  });

  it('shows a dash for nothing or an invalid date', () => {
    expect(formatDisplayDateTime(null)).toBe('—');
    expect(formatDisplayDateTime('not a date')).toBe('—');
  });
});
