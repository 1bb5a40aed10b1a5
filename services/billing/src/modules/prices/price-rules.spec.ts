import { describe, expect, it } from '@jest/globals';
import { EXEMPT_TAX, type CentreCalendar } from '@rayworks/contracts';
import {
  calendarKindAt,
  discountLimitOf,
  NoPriceError,
  quoteOf,
  taxRuleOf,
  type CandidatePrice,
  type CatalogueItem,
} from './price-rules.js';

const KOLKATA: CentreCalendar = {
  timeZone: 'Asia/Kolkata',
  holidays: ['2027-01-26'],
  nightWindow: { start: '22:00', end: '06:00' },
};
const TAX = { taxStateCode: '29', taxRateBasisPoints: 1800 };

const ct: CatalogueItem = {
  kind: 'TEST',
  id: 'test-ct',
  code: 'CT-HEAD',
  name: 'CT Head',
  taxable: false,
  tests: [{ code: 'CT-HEAD', name: 'CT Head', kind: 'RADIOLOGY', modality: 'CT', bodyPart: 'Head', sampleType: null }],
};
const panel: CatalogueItem = {
  kind: 'PACKAGE',
  id: 'pkg-panel',
  code: 'PANEL',
  name: 'Lab panel',
  taxable: true,
  tests: [
    { code: 'CBC', name: 'CBC', kind: 'LAB', modality: null, bodyPart: null, sampleType: 'Blood' },
    { code: 'LFT', name: 'LFT', kind: 'LAB', modality: null, bodyPart: null, sampleType: 'Blood' },
  ],
};
const row = (rateCardId: string, itemId: string, normal: number, holiday: number, night: number): CandidatePrice => ({
  rateCardId,
  rateCardPriceId: `${rateCardId}/${itemId}`,
  itemId,
  normalMinor: normal,
  holidayMinor: holiday,
  nightMinor: night,
  processingFeeMinor: 100,
});

describe("the centre's calendar at an instant", () => {
  it('reads the instant on the centre’s clock: a holiday by its local date, a night window across midnight', () => {
    // 2027-01-25 19:00 UTC is 26 January 00:30 in Kolkata: a holiday (and a night; the day wins the kind)
    expect(calendarKindAt('2027-01-25T19:00:00Z', KOLKATA)).toBe('holiday');
    // 2027-01-26 20:00 UTC is 27 January 01:30 in Kolkata: after the holiday's date, night only
    expect(calendarKindAt('2027-01-26T20:00:00Z', KOLKATA)).toBe('night');
    // 00:29 UTC is 05:59 in Kolkata (night) and 00:30 UTC 06:00 (day): the window's end is excluded
    expect(calendarKindAt('2027-02-03T00:29:00Z', KOLKATA)).toBe('night');
    expect(calendarKindAt('2027-02-03T00:30:00Z', KOLKATA)).toBe('normal');
    // the same instant is day in New York
    expect(calendarKindAt('2027-02-03T00:29:00Z', { ...KOLKATA, timeZone: 'America/New_York' })).toBe('normal');
    expect(calendarKindAt('2027-02-03T00:29:00Z', { ...KOLKATA, nightWindow: null })).toBe('normal');
  });
});

describe("an item's tax", () => {
  it('is exempt unless the item is taxable; CGST + SGST at the centre, IGST for another state', () => {
    expect(taxRuleOf(false, TAX, '27')).toEqual(EXEMPT_TAX);
    expect(taxRuleOf(true, TAX)).toEqual({ kind: 'intraState', rateBasisPoints: 1800 });
    expect(taxRuleOf(true, TAX, '29')).toEqual({ kind: 'intraState', rateBasisPoints: 1800 });
    expect(taxRuleOf(true, TAX, '27')).toEqual({ kind: 'interState', rateBasisPoints: 1800 });
    // a centre that has not given its state code cannot tell: intra-state
    expect(taxRuleOf(true, { ...TAX, taxStateCode: null }, '27')).toEqual({
      kind: 'intraState',
      rateBasisPoints: 1800,
    });
  });
});

describe("a role's discount limit", () => {
  it('is the highest limit of the caller’s roles at the centre, none set being 0', () => {
    expect(discountLimitOf({ RECEPTIONIST: 500, CENTER_ADMIN: 2000 }, ['receptionist'])).toBe(500);
    expect(discountLimitOf({ RECEPTIONIST: 500, CENTER_ADMIN: 2000 }, ['RECEPTIONIST', 'CENTER_ADMIN'])).toBe(2000);
    expect(discountLimitOf({ RECEPTIONIST: 500 }, ['TYPIST'])).toBe(0);
    expect(discountLimitOf({}, [])).toBe(0);
  });
});

describe('a quote', () => {
  const NORMAL_DAY = '2027-02-03T06:30:00Z'; // 12:00 in Kolkata

  it('prices each item from the first card that prices it, keeping that price row’s id', () => {
    const quote = quoteOf(
      [ct, panel],
      ['referral', 'default'],
      [row('default', 'test-ct', 150000, 180000, 200000), row('referral', 'test-ct', 120000, 130000, 140000)].concat(
        row('default', 'pkg-panel', 90000, 95000, 99000),
      ),
      NORMAL_DAY,
      KOLKATA,
      TAX,
    );
    expect(quote.priceKind).toBe('normal');
    expect(quote.timeZone).toBe('Asia/Kolkata');
    expect(
      quote.lines.map((l) => ({ code: l.code, kind: l.kind, unit: l.unitMinor, price: l.rateCardPriceId, tax: l.tax })),
    ).toEqual([
      { code: 'CT-HEAD', kind: 'TEST', unit: 120000, price: 'referral/test-ct', tax: EXEMPT_TAX },
      {
        code: 'PANEL',
        kind: 'PACKAGE',
        unit: 90000,
        price: 'default/pkg-panel',
        tax: { kind: 'intraState', rateBasisPoints: 1800 },
      },
    ]);
    expect(quote.lines[1]!.tests.map((t) => t.code)).toEqual(['CBC', 'LFT']);
    expect(quote.lines[0]!.processingFeeMinor).toBe(100);
  });

  it('takes the holiday or night price the calendar says, each line the higher on a holiday night', () => {
    const prices = [
      row('default', 'test-ct', 150000, 180000, 200000),
      row('default', 'pkg-panel', 90000, 99000, 95000),
    ];
    const holidayNight = quoteOf([ct, panel], ['default'], prices, '2027-01-25T19:00:00Z', KOLKATA, TAX);
    expect(holidayNight.priceKind).toBe('holiday');
    expect(holidayNight.lines.map((l) => [l.priceKind, l.unitMinor])).toEqual([
      ['night', 200000],
      ['holiday', 99000],
    ]);
    const night = quoteOf([ct], ['default'], prices, '2027-01-26T20:00:00Z', KOLKATA, TAX);
    expect(night.lines.map((l) => [l.priceKind, l.unitMinor])).toEqual([['night', 200000]]);
  });

  it('names the item no card prices', () => {
    expect(() =>
      quoteOf([ct, panel], ['default'], [row('default', 'test-ct', 1, 1, 1)], NORMAL_DAY, KOLKATA, TAX),
    ).toThrow(new NoPriceError('PANEL'));
    expect(() => quoteOf([ct], [], [], NORMAL_DAY, KOLKATA, TAX)).toThrow(NoPriceError);
  });
});
