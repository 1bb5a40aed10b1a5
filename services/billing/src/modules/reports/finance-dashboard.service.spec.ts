import { describe, expect, it } from '@jest/globals';
import { addDays, daysBetween } from '@rayworks/contracts';
import { periodOf, spanOf, splitPeriod } from './finance-dashboard.service.js';

const centre = { centre: { id: 'c1' } };

describe('a dashboard period on each side of the last day summed', () => {
  it('reads summed days up to the frontier and entries after it', () => {
    expect(splitPeriod(centre, '2026-11-27', { from: '2026-11-01', to: '2026-11-29' })).toMatchObject({
      frozen: { centreId: 'c1', from: '2026-11-01', to: '2026-11-27' },
      live: { centreId: 'c1', from: '2026-11-28', to: '2026-11-29' },
    });
    // all after the frontier, all before it, the frontier itself the last day
    expect(splitPeriod(centre, '2026-11-27', { from: '2026-11-29', to: '2026-11-29' })).toMatchObject({
      frozen: null,
      live: { from: '2026-11-29', to: '2026-11-29' },
    });
    expect(splitPeriod(centre, '2026-11-27', { from: '2026-10-01', to: '2026-10-31' })).toMatchObject({
      frozen: { from: '2026-10-01', to: '2026-10-31' },
      live: null,
    });
    expect(splitPeriod(centre, '2026-11-27', { from: '2026-11-27', to: '2026-11-28' })).toMatchObject({
      frozen: { from: '2026-11-27', to: '2026-11-27' },
      live: { from: '2026-11-28', to: '2026-11-28' },
    });
  });

  it('puts every day of every period on exactly one side (every period and frontier of 20 days)', () => {
    const day = (n: number) => addDays('2026-02-20', n);
    const count = (r: { from: string; to: string } | null) => (r ? daysBetween(r.from, r.to) + 1 : 0);
    const wrong: string[] = [];
    for (let f = 0; f < 20; f++)
      for (let t = f; t < 20; t++)
        for (let k = -1; k <= 20; k++) {
          const [from, to, frontier] = [day(f), day(t), day(k)];
          const { frozen, live } = splitPeriod(centre, frontier, { from, to });
          const ok =
            count(frozen) + count(live) === t - f + 1 &&
            (!frozen || (frozen.from === from && frozen.to <= frontier)) &&
            (!live || (live.to === to && live.from > frontier)) &&
            (!frozen || !live || addDays(frozen.to, 1) === live.from);
          if (!ok) wrong.push(`${from}..${to} at ${frontier}`);
        }
    expect(wrong).toEqual([]);
  });
});

describe('the period a dashboard is asked for', () => {
  it('resolves a named period on each centre’s clock: a centre past midnight is on its next day', () => {
    // 19:15 UTC on 30 November: Kolkata is on 1 December, Los Angeles still on 30 November
    expect(periodOf({ period: 'today' }, '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(periodOf({ period: 'month' }, '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(periodOf({ period: 'month' }, '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodOf({ period: '30d' }, '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('takes two dates as given, whatever the centre’s today', () => {
    expect(periodOf({ from: '2026-10-01', to: '2026-10-31' }, '2026-12-01')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('answers the first and last dates over its centres', () => {
    expect(
      spanOf({ period: 'month' }, [
        { from: '2026-12-01', to: '2026-12-01' },
        { from: '2026-11-01', to: '2026-11-30' },
      ]),
    ).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(spanOf({ from: '2026-10-01', to: '2026-10-31' }, [])).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });
});
