import { describe, expect, it } from '@jest/globals';
import { CASE_STATUSES, type CaseStatus, type StatisticsBreakdown, type WorklistStatistics } from '@rayworks/contracts';
import {
  breakdownBars,
  breakdownLabel,
  formatMinutes,
  headline,
  modalityTurnaround,
  presentStatuses,
  statusBars,
  turnaroundBars,
} from './dashboard-data';

const zero = () => Object.fromEntries(CASE_STATUSES.map((s) => [s, 0])) as Record<CaseStatus, number>;
const row = (id: string | null, name: string | null, counts: Partial<Record<CaseStatus, number>>, over = {}) => {
  const c = { ...zero(), ...counts };
  return {
    id,
    name,
    counts: c,
    total: Object.values(c).reduce((a, b) => a + b, 0),
    completed: 0,
    medianMinutesToComplete: null,
    ...over,
  } as StatisticsBreakdown;
};
const stats = (counts: Partial<Record<CaseStatus, number>>): WorklistStatistics => {
  const c = { ...zero(), ...counts };
  return {
    counts: { ALL: Object.values(c).reduce((a, b) => a + b, 0), ...c },
    turnaround: {
      overdue: 2,
      dueWithinHour: 1,
      medianMinutesToComplete: [
        { modality: 'CT', completed: 3, medianMinutes: 40 },
        { modality: null, completed: 1, medianMinutes: 90 },
      ],
      windowHours: 24,
    },
  };
};

describe('dashboard data', () => {
  it('gives one bar per status in the lifecycle order', () => {
    const bars = statusBars(stats({ NEW: 3, COMPLETED: 1 }));
    expect(bars.map((b) => b.status)).toEqual([...CASE_STATUSES]);
    expect(bars.find((b) => b.status === 'NEW')!.cases).toBe(3);
  });

  it('stacks only the statuses present and sums the rows beyond the limit into Others', () => {
    const rows = [
      row('a', 'North', { NEW: 5 }),
      row('b', 'South', { 'IN PROGRESS': 2 }),
      row('c', 'East', { NEW: 1 }),
      row(null, null, { NEW: 1, REJECTED: 1 }),
    ];
    expect(presentStatuses(rows)).toEqual(['NEW', 'IN PROGRESS', 'REJECTED']);
    const { bars, series } = breakdownBars(rows, 'Not assigned', 2);
    expect(series.map((s) => s.name)).toEqual(['NEW', 'IN PROGRESS', 'REJECTED']);
    expect(bars).toEqual([
      { name: 'North', NEW: 5, 'IN PROGRESS': 0, REJECTED: 0 },
      { name: 'South', NEW: 0, 'IN PROGRESS': 2, REJECTED: 0 },
      { name: 'Others (2)', NEW: 2, 'IN PROGRESS': 0, REJECTED: 1 },
    ]);
  });

  it('labels the missing key and an unknown name', () => {
    expect(breakdownLabel({ id: null, name: null }, 'Not assigned')).toBe('Not assigned');
    expect(breakdownLabel({ id: '12345678-aaaa', name: null }, 'x')).toBe('Unknown (12345678)');
  });

  it('takes turnaround bars only of rows that completed cases, by volume', () => {
    const rows = [
      row('a', 'Dr A', {}, { completed: 1, medianMinutesToComplete: 30 }),
      row('b', 'Dr B', {}, { completed: 4, medianMinutesToComplete: 75 }),
      row('c', 'Dr C', { NEW: 3 }),
    ];
    expect(turnaroundBars(rows, 'Not assigned')).toEqual([
      { name: 'Dr B', minutes: 75, completed: 4 },
      { name: 'Dr A', minutes: 30, completed: 1 },
    ]);
    expect(modalityTurnaround(stats({}))).toEqual([
      { name: 'CT', minutes: 40, completed: 3 },
      { name: 'Unknown', minutes: 90, completed: 1 },
    ]);
  });

  it('sums the headline figures', () => {
    expect(headline(stats({ NEW: 2, 'PENDING FOR SCAN': 4, COMPLETED: 3, 'IN PROGRESS': 1 }))).toEqual({
      total: 10,
      open: 3,
      overdue: 2,
      dueWithinHour: 1,
      completedInWindow: 4,
    });
  });

  it('formats minutes as a turnaround', () => {
    expect(formatMinutes(44.6)).toBe('45 min');
    expect(formatMinutes(125)).toBe('2 h 05 min');
    expect(formatMinutes(1440 + 180)).toBe('1 d 3 h');
    expect(formatMinutes(Number.NaN)).toBe('—');
  });
});
