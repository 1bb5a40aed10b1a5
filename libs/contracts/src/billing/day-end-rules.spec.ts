import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  addDays,
  ageingBucketDates,
  ageingBucketOf,
  AGEING_BUCKETS,
  closingDifference,
  collectionOf,
  collectionSince,
  commissionOf,
  daysBetween,
  isFinancePeriod,
  periodDates,
  exactCommission,
  netOfMode,
  type LedgerSum,
} from './day-end-rules.js';

describe('a collection: payments less refunds, by mode', () => {
  it('sums each mode in the modes’ order, split rows and all, with the totals', () => {
    const c = collectionOf([
      { mode: 'UPI', kind: 'PAYMENT', entries: 1, amountMinor: 30_000 },
      { mode: 'CASH', kind: 'PAYMENT', entries: 2, amountMinor: 150_000 },
      { mode: 'CASH', kind: 'REFUND', entries: 1, amountMinor: 20_000 },
      { mode: 'CARD', kind: 'PAYMENT', entries: 1, amountMinor: 80_000 },
      { mode: 'CASH', kind: 'PAYMENT', entries: 1, amountMinor: 5_000 },
    ]);
    expect(c.byMode).toEqual([
      { mode: 'CASH', payments: 3, paidMinor: 155_000, refunds: 1, refundedMinor: 20_000, netMinor: 135_000 },
      { mode: 'CARD', payments: 1, paidMinor: 80_000, refunds: 0, refundedMinor: 0, netMinor: 80_000 },
      { mode: 'UPI', payments: 1, paidMinor: 30_000, refunds: 0, refundedMinor: 0, netMinor: 30_000 },
    ]);
    expect(c).toMatchObject({ payments: 5, paidMinor: 265_000, refunds: 1, refundedMinor: 20_000, netMinor: 245_000 });
    expect(netOfMode(c, 'CASH')).toBe(135_000);
    expect(netOfMode(c, 'CHEQUE')).toBe(0);
  });

  it('lets a day’s refunds of earlier payments take a mode below zero', () => {
    const c = collectionOf([{ mode: 'CASH', kind: 'REFUND', entries: 1, amountMinor: 700 }]);
    expect(c.byMode).toEqual([
      { mode: 'CASH', payments: 0, paidMinor: 0, refunds: 1, refundedMinor: 700, netMinor: -700 },
    ]);
    expect(c.netMinor).toBe(-700);
  });

  it('is empty for no rows', () => {
    expect(collectionOf([])).toEqual({
      byMode: [],
      payments: 0,
      paidMinor: 0,
      refunds: 0,
      refundedMinor: 0,
      netMinor: 0,
    });
  });

  it('answers what came after a close as now − then, leaving modes without change out', () => {
    const then = collectionOf([
      { mode: 'CASH', kind: 'PAYMENT', entries: 2, amountMinor: 1_000 },
      { mode: 'CARD', kind: 'PAYMENT', entries: 1, amountMinor: 500 },
    ]);
    const now = collectionOf([
      { mode: 'CASH', kind: 'PAYMENT', entries: 3, amountMinor: 1_400 },
      { mode: 'CASH', kind: 'REFUND', entries: 1, amountMinor: 100 },
      { mode: 'CARD', kind: 'PAYMENT', entries: 1, amountMinor: 500 },
    ]);
    const after = collectionSince(then, now);
    expect(after.byMode).toEqual([
      { mode: 'CASH', payments: 1, paidMinor: 400, refunds: 1, refundedMinor: 100, netMinor: 300 },
    ]);
    expect(after.netMinor).toBe(now.netMinor - then.netMinor);
    expect(collectionSince(now, now).byMode).toEqual([]);
  });

  it('keeps net = paid − refunded and the totals the sums of the modes, for any rows (property)', () => {
    const row = fc.record<LedgerSum>({
      mode: fc.constantFrom('CASH', 'CARD', 'UPI', 'CHEQUE', 'ONLINE', 'CREDIT'),
      kind: fc.constantFrom('PAYMENT', 'REFUND'),
      entries: fc.integer({ min: 1, max: 50 }),
      amountMinor: fc.integer({ min: 1, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const c = collectionOf(rows);
        const paid = rows.filter((r) => r.kind === 'PAYMENT').reduce((n, r) => n + r.amountMinor, 0);
        const refunded = rows.filter((r) => r.kind === 'REFUND').reduce((n, r) => n + r.amountMinor, 0);
        expect(c.paidMinor).toBe(paid);
        expect(c.refundedMinor).toBe(refunded);
        expect(c.netMinor).toBe(paid - refunded);
        for (const l of c.byMode) expect(l.netMinor).toBe(l.paidMinor - l.refundedMinor);
        expect(c.byMode.reduce((n, l) => n + l.netMinor, 0)).toBe(c.netMinor);
      }),
    );
  });
});

describe('the cash closing', () => {
  it('is the counted cash less the expected: short below zero, over above, balanced at zero', () => {
    expect(closingDifference(150_000, 155_000)).toEqual({ differenceMinor: -5_000, result: 'SHORT' });
    expect(closingDifference(155_100, 155_000)).toEqual({ differenceMinor: 100, result: 'OVER' });
    expect(closingDifference(155_000, 155_000)).toEqual({ differenceMinor: 0, result: 'BALANCED' });
    // a day of cash refunds only: the drawer should be 700 paise lighter
    expect(closingDifference(0, -700)).toEqual({ differenceMinor: 700, result: 'OVER' });
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => closingDifference(0.5, 0)).toThrow(RangeError);
    expect(() => closingDifference(0, Number.NaN)).toThrow(RangeError);
  });
});

describe('local dates', () => {
  it('counts days between calendar dates across months, leap days and years', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('refuses what is not a calendar date', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', ''])
      expect(() => daysBetween(bad, '2026-01-01')).toThrow(RangeError);
  });
});

describe('ageing buckets', () => {
  it('puts 0–30, 31–60, 61–90 and over 90 days at their edges', () => {
    const cases: [number, string][] = [
      [0, '0-30'],
      [30, '0-30'],
      [31, '31-60'],
      [60, '31-60'],
      [61, '61-90'],
      [90, '61-90'],
      [91, '90+'],
      [4000, '90+'],
      // dated after the centre's today (a clock a little ahead): counted as today's
      [-1, '0-30'],
    ];
    for (const [age, bucket] of cases) expect({ age, bucket: ageingBucketOf(age) }).toEqual({ age, bucket });
  });

  it('gives each bucket the dates of issue it holds, which meet without a gap or an overlap', () => {
    const today = '2026-05-10';
    expect(AGEING_BUCKETS.map((b) => ageingBucketDates(b.key, today))).toEqual([
      { from: '2026-04-10', to: null },
      { from: '2026-03-11', to: '2026-04-09' },
      { from: '2026-02-09', to: '2026-03-10' },
      { from: null, to: '2026-02-08' },
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (age) => {
        const issuedOn = addDays(today, -age);
        const holding = AGEING_BUCKETS.filter((b) => {
          const { from, to } = ageingBucketDates(b.key, today);
          return (from === null || issuedOn >= from) && (to === null || issuedOn <= to);
        });
        expect(holding.map((b) => b.key)).toEqual([ageingBucketOf(age)]);
      }),
    );
  });
});

describe('referral commission', () => {
  it('is basis points of the base, exact, rounded once half-up at the total', () => {
    // 12.5% of ₹1,234.57 = ₹154.32125 → 15432 paise
    expect(commissionOf(123_457, 1250)).toEqual({
      baseMinor: 123_457,
      basisPoints: 1250,
      exact: '154.32125',
      minor: 15_432,
    });
    // exactly half a paisa goes up: 10% of 5 paise = 0.5 paise
    expect(commissionOf(5, 1000)).toMatchObject({ exact: '0.005', minor: 1 });
    // just under half stays down: 0.01% of 4999 paise = 0.4999 paise
    expect(commissionOf(4_999, 1)).toMatchObject({ exact: '0.004999', minor: 0 });
    expect(commissionOf(0, 1250)).toMatchObject({ exact: '0.00', minor: 0 });
    expect(commissionOf(100_000, 10_000)).toMatchObject({ exact: '1000.00', minor: 100_000 });
    expect(exactCommission(300, 1250)).toBe('0.375');
  });

  it('rounds the statement once, not per visit: three visits of half a paisa make 2 paise, not 3', () => {
    // 10% of 5 paise each
    const visits = [5, 5, 5];
    const perVisitRounded = visits.reduce((n, v) => n + commissionOf(v, 1000).minor, 0);
    const once = commissionOf(
      visits.reduce((n, v) => n + v, 0),
      1000,
    );
    expect(perVisitRounded).toBe(3);
    expect(once).toMatchObject({ exact: '0.015', minor: 2 });
  });

  it('is within half a paisa of the exact value for any base and rate, an exact half rounded up (property)', () => {
    // half-up: the rounded amount is above the exact one by at most half a paisa (exactly half: up), never below by
    // half. Found by this property: ₹947,498,402.60 at 82.5 % is exactly 78,168,618,214.5 paise → …215
    expect(commissionOf(94_749_840_260, 8250)).toMatchObject({ minor: 78_168_618_215 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.integer({ min: 0, max: 10_000 }), (base, bp) => {
        const { minor } = commissionOf(base, bp);
        const scaled = BigInt(base) * BigInt(bp); // minor units × 10^4
        const diff = BigInt(minor) * 10_000n - scaled;
        expect(diff > -5_000n && diff <= 5_000n).toBe(true);
      }),
    );
  });

  it('refuses a negative or fractional base and a rate outside 0..10000', () => {
    expect(() => commissionOf(-1, 100)).toThrow(RangeError);
    expect(() => commissionOf(1.5, 100)).toThrow(RangeError);
    expect(() => commissionOf(100, 10_001)).toThrow(RangeError);
    expect(() => exactCommission(100, -1)).toThrow(RangeError);
  });
});

describe('the finance figures’ named periods', () => {
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
