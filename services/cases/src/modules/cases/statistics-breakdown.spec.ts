import { describe, expect, it } from '@jest/globals';
import { foldBreakdown } from './statistics-breakdown.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('foldBreakdown', () => {
  it('gives every status of each key, totals, and the medians of the window', () => {
    const out = foldBreakdown(
      [
        { key: A, name: 'North', status: 'NEW', n: 2 },
        { key: A, name: 'North', status: 'COMPLETED', n: 3 },
        { key: B, name: 'South', status: 'IN PROGRESS', n: 7 },
      ],
      [{ key: A, completed: 3, median_minutes: 42.345 }],
    );
    expect(out.map((e) => e.id)).toEqual([B, A]);
    const north = out[1]!;
    expect(north.total).toBe(5);
    expect(north.counts.NEW).toBe(2);
    expect(north.counts.COMPLETED).toBe(3);
    expect(north.counts['PENDING FOR ACCEPTANCE']).toBe(0);
    expect(north.completed).toBe(3);
    expect(north.medianMinutesToComplete).toBe(42.3);
    expect(out[0]!.medianMinutesToComplete).toBeNull();
  });

  it('keeps the unassigned (null key) as its own entry and drops keys whose counts sum to zero', () => {
    const out = foldBreakdown(
      [
        { key: null, name: null, status: 'NEW', n: 4 },
        { key: A, name: 'Dr A', status: 'NEW', n: 0 },
      ],
      [],
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.id).toBeNull();
    expect(out[0]!.total).toBe(4);
  });

  it('orders equal totals by name, unnamed last', () => {
    const out = foldBreakdown(
      [
        { key: B, name: null, status: 'NEW', n: 1 },
        { key: A, name: 'Zed', status: 'NEW', n: 1 },
      ],
      [],
    );
    expect(out.map((e) => e.name)).toEqual(['Zed', null]);
  });
});
