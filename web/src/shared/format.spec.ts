import { describe, expect, it } from '@jest/globals';
import { formatBytes, formatDicomDate, formatDisplayDate, formatDisplayDateTime } from './format';
import { formatReportDate, formatReportDay } from '@rayworks/contracts';

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

describe('sizes (spec §9: Bytes, KB, MB, GB)', () => {
  it('uses the largest unit below 1024 of it', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 2)).toBe('5 MB');
    expect(formatBytes(300 * 1024 ** 2)).toBe('300 MB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3072 GB');
    expect(formatBytes(null)).toBe('—');
  });
});

describe('DICOM dates', () => {
  it('shows YYYYMMDD as the spec date, and anything else as it is', () => {
    expect(formatDicomDate('20040119')).toBe('19 Jan 2004');
    expect(formatDicomDate('2004')).toBe('2004');
    expect(formatDicomDate(null)).toBe('—');
  });
});

describe('the console and the printed report format dates with one function', () => {
  it('matches formatReportDate in the reader’s zone, midnight and noon as 12:00 AM / 12:00 PM', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    for (const iso of ['2026-11-27T00:00:00Z', '2026-11-27T12:00:00Z', '2026-02-03T18:45:00Z']) {
      expect(formatDisplayDateTime(iso)).toBe(formatReportDate(iso, zone));
    }
    expect(formatDisplayDate('2026-11-27T12:00:00Z')).toBe(formatReportDay('2026-11-27T12:00:00Z', zone));
  });
});
