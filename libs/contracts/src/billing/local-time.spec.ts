import { describe, expect, it } from '@jest/globals';
import { BillingCalendarError, localDateTime, toInstant } from './local-time.js';

describe('localDateTime', () => {
  it('reads an instant on the centre clock, half-hour offsets included', () => {
    expect(localDateTime('2026-01-25T18:30:00Z', 'Asia/Kolkata')).toEqual({
      date: '2026-01-26',
      year: 2026,
      month: 1,
      day: 26,
      minuteOfDay: 0,
    });
    expect(localDateTime('2026-01-25T18:29:59Z', 'Asia/Kolkata')).toMatchObject({
      date: '2026-01-25',
      minuteOfDay: 23 * 60 + 59,
    });
  });

  it('gives midnight as minute 0 of the new date, never 24:00', () => {
    expect(localDateTime('2026-07-04T04:00:00Z', 'America/New_York')).toMatchObject({
      date: '2026-07-04',
      minuteOfDay: 0,
    });
    expect(localDateTime('2026-12-31T23:59:00Z', 'UTC')).toMatchObject({ date: '2026-12-31', minuteOfDay: 1439 });
  });

  it('follows daylight saving time', () => {
    // 12:00Z is 07:00 EST in winter and 08:00 EDT in summer.
    expect(localDateTime('2026-01-15T12:00:00Z', 'America/New_York').minuteOfDay).toBe(7 * 60);
    expect(localDateTime('2026-07-15T12:00:00Z', 'America/New_York').minuteOfDay).toBe(8 * 60);
  });

  it('refuses an unknown time zone', () => {
    expect(() => localDateTime('2026-01-01T00:00:00Z', 'Mars/Olympus')).toThrow(BillingCalendarError);
  });
});

describe('toInstant', () => {
  it('takes a Date, epoch milliseconds or ISO text, and copies a Date', () => {
    const date = new Date('2026-01-01T00:00:00Z');
    expect(toInstant(date)).not.toBe(date);
    expect(toInstant(date).getTime()).toBe(date.getTime());
    expect(toInstant(date.getTime()).getTime()).toBe(date.getTime());
    expect(toInstant('2026-01-01T05:30:00+05:30').getTime()).toBe(date.getTime());
  });

  it.each(['', 'tomorrow', Number.NaN])('refuses %p', (value) => {
    expect(() => toInstant(value)).toThrow(BillingCalendarError);
  });
});
