import { describe, expect, it } from '@jest/globals';
import { BillingCalendarError } from './local-time.js';
import { isNightMinute, minuteOfDay, priceAt, type CentreCalendar, type RatePrices } from './pricing.js';

const rate: RatePrices = { normalMinor: 100000, holidayMinor: 150000, nightMinor: 120000 };
const kolkata: CentreCalendar = {
  timeZone: 'Asia/Kolkata',
  holidays: ['2026-01-26'],
  nightWindow: { start: '22:00', end: '06:00' },
};
const newYork: CentreCalendar = {
  timeZone: 'America/New_York',
  holidays: ['2026-07-04'],
  nightWindow: { start: '22:00', end: '06:00' },
};

describe('minuteOfDay', () => {
  it.each([
    ['00:00', 0],
    ['06:00', 360],
    ['23:59', 1439],
  ])('reads %s as minute %d', (text, minute) => {
    expect(minuteOfDay(text)).toBe(minute);
  });

  it.each(['24:00', '6:00', '06:60', '', '06:00:00', 'noon'])('refuses %p', (text) => {
    expect(() => minuteOfDay(text)).toThrow(BillingCalendarError);
  });
});

describe('isNightMinute', () => {
  const acrossMidnight = { start: '22:00', end: '06:00' };
  it.each([
    ['21:59', false],
    ['22:00', true],
    ['23:30', true],
    ['00:00', true],
    ['05:59', true],
    ['06:00', false],
    ['12:00', false],
  ])('22:00–06:00 at %s is night: %p', (time, night) => {
    expect(isNightMinute(minuteOfDay(time), acrossMidnight)).toBe(night);
  });

  it.each([
    ['19:59', false],
    ['20:00', true],
    ['22:59', true],
    ['23:00', false],
    ['01:00', false],
  ])('20:00–23:00 (same day) at %s is night: %p', (time, night) => {
    expect(isNightMinute(minuteOfDay(time), { start: '20:00', end: '23:00' })).toBe(night);
  });

  it('refuses a window that starts where it ends', () => {
    expect(() => isNightMinute(0, { start: '06:00', end: '06:00' })).toThrow(BillingCalendarError);
  });
});

describe('priceAt in Asia/Kolkata (UTC+05:30)', () => {
  it.each([
    ['2026-01-25T06:30:00Z', 'normal', 100000], // 25 Jan 12:00 IST
    ['2026-01-25T18:29:00Z', 'night', 120000], // 25 Jan 23:59 IST, the eve of the holiday
    ['2026-01-25T18:30:00Z', 'holiday', 150000], // 26 Jan 00:00 IST: a holiday night, holiday is the higher
    ['2026-01-26T00:29:59Z', 'holiday', 150000], // 26 Jan 05:59:59 IST
    ['2026-01-26T00:30:00Z', 'holiday', 150000], // 26 Jan 06:00 IST: day on the holiday
    ['2026-01-26T16:30:00Z', 'holiday', 150000], // 26 Jan 22:00 IST: a holiday night
    ['2026-01-26T18:30:00Z', 'night', 120000], // 27 Jan 00:00 IST: the night after the holiday is the next date's
    ['2026-01-27T00:29:00Z', 'night', 120000], // 27 Jan 05:59 IST
    ['2026-01-27T00:30:00Z', 'normal', 100000], // 27 Jan 06:00 IST
  ])('%s is %s at %d', (at, kind, amountMinor) => {
    expect(priceAt(rate, at, kolkata)).toEqual({ kind, amountMinor });
  });

  it('decides on the centre clock, not UTC: one instant is a UTC evening and a Kolkata holiday night', () => {
    const at = '2026-01-25T20:00:00Z';
    expect(priceAt(rate, at, { ...kolkata, timeZone: 'UTC' })).toEqual({ kind: 'normal', amountMinor: 100000 });
    expect(priceAt(rate, at, kolkata)).toEqual({ kind: 'holiday', amountMinor: 150000 });
  });

  it('takes a Date and epoch milliseconds as well as ISO text', () => {
    const at = Date.parse('2026-01-25T18:29:00Z');
    expect(priceAt(rate, at, kolkata).kind).toBe('night');
    expect(priceAt(rate, new Date(at), kolkata).kind).toBe('night');
  });
});

describe('priceAt across daylight saving time in America/New_York', () => {
  it.each([
    // Spring forward on 8 Mar 2026: 02:00 EST becomes 03:00 EDT (07:00Z).
    ['2026-03-07T10:30:00Z', 'night'], // 05:30 EST
    ['2026-03-08T09:59:00Z', 'night'], // 05:59 EDT
    ['2026-03-08T10:00:00Z', 'normal'], // 06:00 EDT (a day earlier this instant was 05:00 EST, night)
    ['2026-03-08T10:30:00Z', 'normal'], // 06:30 EDT
    // Fall back on 1 Nov 2026: 02:00 EDT becomes 01:00 EST (06:00Z).
    ['2026-10-31T10:00:00Z', 'normal'], // 06:00 EDT
    ['2026-11-01T10:00:00Z', 'night'], // 05:00 EST
    ['2026-11-01T10:59:00Z', 'night'], // 05:59 EST
    ['2026-11-01T11:00:00Z', 'normal'], // 06:00 EST
  ])('%s is %s', (at, kind) => {
    expect(priceAt(rate, at, newYork).kind).toBe(kind);
  });

  it('a window ending in the skipped hour ends with it', () => {
    const calendar = { ...newYork, nightWindow: { start: '22:00', end: '02:30' } };
    expect(priceAt(rate, '2026-03-08T06:59:00Z', calendar).kind).toBe('night'); // 01:59 EST
    expect(priceAt(rate, '2026-03-08T07:00:00Z', calendar).kind).toBe('normal'); // 03:00 EDT
  });

  it('the repeated hour is night both times', () => {
    const calendar = { ...newYork, nightWindow: { start: '01:00', end: '02:00' } };
    expect(priceAt(rate, '2026-11-01T05:30:00Z', calendar).kind).toBe('night'); // 01:30 EDT
    expect(priceAt(rate, '2026-11-01T06:30:00Z', calendar).kind).toBe('night'); // 01:30 EST
    expect(priceAt(rate, '2026-11-01T07:00:00Z', calendar).kind).toBe('normal'); // 02:00 EST
  });

  it('a holiday starts at local midnight (04:00Z in summer)', () => {
    const noNight = { ...newYork, nightWindow: null };
    expect(priceAt(rate, '2026-07-04T03:59:00Z', noNight).kind).toBe('normal'); // 3 Jul 23:59 EDT
    expect(priceAt(rate, '2026-07-04T04:00:00Z', noNight).kind).toBe('holiday'); // 4 Jul 00:00 EDT
    expect(priceAt(rate, '2026-07-05T03:59:00Z', noNight).kind).toBe('holiday'); // 4 Jul 23:59 EDT
    expect(priceAt(rate, '2026-07-05T04:00:00Z', noNight).kind).toBe('normal'); // 5 Jul 00:00 EDT
  });
});

describe('priceAt on a holiday night takes the higher price', () => {
  const holidayNight = '2026-01-25T19:00:00Z'; // 26 Jan 00:30 IST
  it('holiday when the holiday price is higher', () => {
    expect(priceAt(rate, holidayNight, kolkata)).toEqual({ kind: 'holiday', amountMinor: 150000 });
  });
  it('night when the night price is higher', () => {
    expect(priceAt({ ...rate, nightMinor: 200000 }, holidayNight, kolkata)).toEqual({
      kind: 'night',
      amountMinor: 200000,
    });
  });
  it('holiday on equal prices', () => {
    expect(priceAt({ ...rate, nightMinor: 150000 }, holidayNight, kolkata)).toEqual({
      kind: 'holiday',
      amountMinor: 150000,
    });
  });
  it('a centre without a night window bills the holiday price at night', () => {
    expect(priceAt({ ...rate, nightMinor: 200000 }, holidayNight, { ...kolkata, nightWindow: null })).toEqual({
      kind: 'holiday',
      amountMinor: 150000,
    });
  });
  it('a zero price is a price, not a missing one', () => {
    expect(priceAt({ ...rate, holidayMinor: 0, nightMinor: 0 }, holidayNight, kolkata)).toEqual({
      kind: 'holiday',
      amountMinor: 0,
    });
  });
});

describe('priceAt refuses what it cannot read', () => {
  const at = '2026-01-25T06:30:00Z';
  it.each([
    ['an unknown time zone', rate, at, { ...kolkata, timeZone: 'Asia/Bangalore' }],
    ['a malformed holiday', rate, at, { ...kolkata, holidays: ['2026-1-26'] }],
    ['a malformed night window', rate, at, { ...kolkata, nightWindow: { start: '22:00', end: '24:00' } }],
    ['an instant that names no time', rate, 'yesterday', kolkata],
    ['a negative price', { ...rate, nightMinor: -1 }, at, kolkata],
    ['a fractional price', { ...rate, normalMinor: 100.5 }, at, kolkata],
  ] as const)('%s', (_name, r, when, calendar) => {
    expect(() => priceAt(r, when, calendar)).toThrow(BillingCalendarError);
  });
});
