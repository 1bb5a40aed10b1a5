import { describe, expect, it } from '@jest/globals';
import { wallClock } from './wall-clock.js';

describe('wallClock', () => {
  it('reads an instant on the clock of a zone, half-hour offsets and date lines included', () => {
    const at = new Date('2026-11-27T19:05:00Z');
    expect(wallClock(at, 'UTC')).toEqual({ year: 2026, month: 11, day: 27, hour: 19, minute: 5 });
    expect(wallClock(at, 'Asia/Kolkata')).toEqual({ year: 2026, month: 11, day: 28, hour: 0, minute: 35 });
    expect(wallClock(at, 'America/New_York')).toEqual({ year: 2026, month: 11, day: 27, hour: 14, minute: 5 });
  });

  it('shows midnight as hour 0 of the new date', () => {
    expect(wallClock(new Date('2026-03-31T18:30:00Z'), 'Asia/Kolkata')).toEqual({
      year: 2026,
      month: 4,
      day: 1,
      hour: 0,
      minute: 0,
    });
  });

  it('refuses a zone Intl does not know', () => {
    expect(() => wallClock(new Date(0), 'Mars/Olympus')).toThrow(RangeError);
  });
});
