import { describe, expect, it } from '@jest/globals';
import { dueAtOf, formatDueAt, timeLeft, turnaroundMinutesOf } from './turnaround.js';

describe('turnaround', () => {
  it('defaults to 30 minutes emergent, 1 hour STAT, 24 hours routine', () => {
    expect(turnaroundMinutesOf('EMERGENT', 'CT')).toBe(30);
    expect(turnaroundMinutesOf('STAT', 'CT')).toBe(60);
    expect(turnaroundMinutesOf('ROUTINE', null)).toBe(1440);
  });

  it("takes the centre's minutes per priority, and per modality over them (modality codes in any case)", () => {
    const settings = { minutes: { ROUTINE: 720 }, byModality: { MR: { ROUTINE: 2880, STAT: 90 } } };
    expect(turnaroundMinutesOf('ROUTINE', 'CT', settings)).toBe(720);
    expect(turnaroundMinutesOf('ROUTINE', 'mr', settings)).toBe(2880);
    expect(turnaroundMinutesOf('STAT', 'MR', settings)).toBe(90);
    expect(turnaroundMinutesOf('EMERGENT', 'MR', settings)).toBe(30);
    // nonsense settings fall back to the defaults
    expect(turnaroundMinutesOf('STAT', 'CT', { minutes: { STAT: 0 } })).toBe(60);
    expect(turnaroundMinutesOf('STAT', 'CT', { minutes: { STAT: Number.NaN } })).toBe(60);
  });

  it('is due at a UTC instant, whatever the zone the received time was written in', () => {
    // 09:00 in Kolkata (UTC+05:30) is 03:30 UTC
    expect(dueAtOf('2025-03-09T09:00:00+05:30', 'STAT', 'CT')).toBe('2025-03-09T04:30:00.000Z');
    expect(dueAtOf(new Date('2025-03-09T03:30:00Z'), 'EMERGENT', 'CT')).toBe('2025-03-09T04:00:00.000Z');
    expect(() => dueAtOf('yesterday', 'STAT', 'CT')).toThrow(RangeError);
  });

  it('gives a Kolkata centre and a New York reader the same time left across the US clock change', () => {
    // Received 18:00 IST on 8 March 2025 = 12:30 UTC = 07:30 EST; routine: due 24 elapsed hours later.
    const dueAt = dueAtOf('2025-03-08T18:00:00+05:30', 'ROUTINE', 'CR');
    expect(dueAt).toBe('2025-03-09T12:30:00.000Z');
    // New York moved its clocks forward at 02:00 on 9 March: 24 hours later reads 08:30 EDT, not 07:30.
    expect(formatDueAt(dueAt, 'America/New_York')).toBe('09 Mar 2025, 08:30 AM');
    expect(formatDueAt(dueAt, 'Asia/Kolkata')).toBe('09 Mar 2025, 06:00 PM');
    // 07:00 EDT on 9 March (11:00 UTC) = 16:30 IST: the same instant from either side
    const fromNewYork = timeLeft(dueAt, '2025-03-09T07:00:00-04:00');
    const fromKolkata = timeLeft(dueAt, '2025-03-09T16:30:00+05:30');
    expect(fromNewYork).toEqual(fromKolkata);
    expect(fromNewYork).toEqual({ ms: 90 * 60_000, overdue: false, label: '1h 30m' });
  });

  it('says how long is left, and how overdue', () => {
    const due = '2025-03-09T12:00:00.000Z';
    expect(timeLeft(due, '2025-03-09T11:55:30.000Z').label).toBe('4m'); // whole minutes, never more than is left
    expect(timeLeft(due, '2025-03-09T09:54:00.000Z').label).toBe('2h 06m');
    expect(timeLeft(due, '2025-03-06T08:00:00.000Z').label).toBe('3d 4h');
    expect(timeLeft(due, due)).toEqual({ ms: 0, overdue: false, label: '0m' });
    expect(timeLeft(due, '2025-03-09T12:15:00.000Z')).toEqual({
      ms: -15 * 60_000,
      overdue: true,
      label: 'Overdue 15m',
    });
    expect(timeLeft(due, '2025-03-10T14:00:00.000Z').label).toBe('Overdue 1d 2h');
  });
});
