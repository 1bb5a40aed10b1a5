import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decimalOf, decimalText } from './decimal.js';
import { parameterSchema, type Parameter, type ParameterInput } from './parameter.js';
import {
  ageOn,
  deltaCheck,
  flagOf,
  rangeFor,
  rangesFor,
  ResultValueError,
  type PatientAge,
  type RangeSubject,
} from './result-rules.js';

const parameter = (input: ParameterInput): Parameter => parameterSchema.parse(input);

const potassium = parameter({
  code: 'K',
  name: 'Potassium',
  type: 'Numeric',
  unit: 'mmol/L',
  decimals: 1,
  possibleMin: '0.5',
  possibleMax: '15',
  criticalLow: '2.5',
  criticalHigh: '6.5',
  ranges: [{ low: '3.5', high: '5.1' }],
});

const adult: PatientAge = { days: 14_000, months: 460, years: 38 };

describe('ageOn', () => {
  it('counts completed days, months and years from a birth date', () => {
    expect(ageOn('2000-01-15', '2026-11-29')).toEqual({ days: 9815, months: 322, years: 26 });
    expect(ageOn('2026-11-29', '2026-11-29')).toEqual({ days: 0, months: 0, years: 0 });
    expect(ageOn('2026-10-29', '2026-11-28')).toEqual({ days: 30, months: 0, years: 0 });
    expect(ageOn('2026-10-29', '2026-11-29')).toEqual({ days: 31, months: 1, years: 0 });
  });

  it('completes a month or a year on the 1st of the next month when the birth day is missing', () => {
    expect(ageOn('2026-01-31', '2026-02-28').months).toBe(0);
    expect(ageOn('2026-01-31', '2026-03-01').months).toBe(1);
    expect(ageOn('2024-02-29', '2025-02-28').years).toBe(0);
    expect(ageOn('2024-02-29', '2025-03-01').years).toBe(1);
    expect(ageOn('2024-02-29', '2028-02-29').years).toBe(4);
  });

  it('dates a told age from the day it was told, and treats a birth after the day as age 0', () => {
    expect(ageOn(40, '2026-11-29').years).toBe(40);
    expect(ageOn(40, '2026-11-29', '2024-06-01')).toEqual(ageOn('1984-06-01', '2026-11-29'));
    expect(ageOn(0, '2026-11-29', '2026-11-01').days).toBe(28);
    expect(ageOn('2027-01-01', '2026-11-29')).toEqual({ days: 0, months: 0, years: 0 });
  });

  it('refuses what is not a date or an age', () => {
    for (const bad of ['2026-02-30', '29/11/2026', '2026-1-1', ''])
      expect(() => ageOn(bad, '2026-11-29')).toThrow(ResultValueError);
    expect(() => ageOn(-1, '2026-11-29')).toThrow(ResultValueError);
    expect(() => ageOn(2.5, '2026-11-29')).toThrow(ResultValueError);
  });

  it('agrees with itself: years are whole months ÷ 12, and a day later is never younger', () => {
    const day = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => {
      const d = new Date(ms);
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    });
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [born, on] = a <= b ? [a, b] : [b, a];
        const age = ageOn(iso(born), iso(on));
        expect(age.years).toBe(Math.floor(age.months / 12));
        expect(age.days).toBe(Math.round((on.getTime() - born.getTime()) / 86_400_000));
        const next = ageOn(iso(born), iso(new Date(on.getTime() + 86_400_000)));
        expect(next.days).toBe(age.days + 1);
        expect(next.months).toBeGreaterThanOrEqual(age.months);
        expect(next.months - age.months).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('rangeFor', () => {
  const haemoglobin = parameter({
    code: 'HB',
    name: 'Haemoglobin',
    type: 'Numeric',
    unit: 'g/dL',
    ranges: [
      { sex: 'Any', low: '11.0', high: '16.0' },
      { sex: 'Male', ageFrom: 18, low: '13.0', high: '17.0' },
      { sex: 'Female', ageFrom: 18, low: '12.0', high: '15.0' },
      { sex: 'Any', ageUnit: 'days', ageFrom: 0, ageTo: 30, low: '14.0', high: '22.0' },
      { sex: 'Any', ageUnit: 'months', ageFrom: 1, ageTo: 12, low: '9.5', high: '13.5' },
    ],
  });
  const lowOf = (subject: RangeSubject) => rangeFor(haemoglobin, subject)?.low ?? null;

  it('chooses the patient’s sex before Any, and the age band holding their age', () => {
    expect(lowOf({ sex: 'Male', age: adult })).toBe('13.0');
    expect(lowOf({ sex: 'Female', age: adult })).toBe('12.0');
    expect(lowOf({ sex: 'Male', age: ageOn('2015-01-01', '2026-11-29') })).toBe('11.0'); // 11 years: Any
    expect(lowOf({ sex: 'Other', age: adult })).toBe('11.0');
    expect(lowOf({ sex: null, age: adult })).toBe('11.0');
  });

  it('prefers the narrowest band: a neonate’s days before an infant’s months before everyone', () => {
    expect(lowOf({ sex: 'Female', age: ageOn('2026-11-20', '2026-11-29') })).toBe('14.0');
    expect(lowOf({ sex: 'Female', age: ageOn('2026-05-01', '2026-11-29') })).toBe('9.5');
  });

  it('takes the band’s start as inclusive and its end as exclusive, in completed units', () => {
    // 29 days: neonatal; 30 days (not yet a month): neither neonatal nor infant, so Any.
    expect(lowOf({ sex: 'Male', age: { days: 29, months: 0, years: 0 } })).toBe('14.0');
    expect(lowOf({ sex: 'Male', age: { days: 30, months: 0, years: 0 } })).toBe('11.0');
    expect(lowOf({ sex: 'Male', age: { days: 31, months: 1, years: 0 } })).toBe('9.5');
    // On the first birthday the infant band (months 1..12) has ended.
    expect(lowOf({ sex: 'Male', age: ageOn('2025-11-29', '2026-11-29') })).toBe('11.0');
    expect(lowOf({ sex: 'Male', age: ageOn('2025-11-30', '2026-11-29') })).toBe('9.5');
    // The 18th birthday: the adult male band starts that day.
    expect(lowOf({ sex: 'Male', age: ageOn('2008-11-29', '2026-11-29') })).toBe('13.0');
    expect(lowOf({ sex: 'Male', age: ageOn('2008-11-30', '2026-11-29') })).toBe('11.0');
  });

  it('is null when no range applies, and for parameters that have none', () => {
    const adultsOnly = parameter({ ...potassium, ranges: [{ sex: 'Male', ageFrom: 18, low: '3.5', high: '5.1' }] });
    expect(rangeFor(adultsOnly, { sex: 'Female', age: adult })).toBeNull();
    expect(rangeFor(adultsOnly, { sex: 'Male', age: { days: 10, months: 0, years: 0 } })).toBeNull();
    const unbound = parameter({ code: 'TROP', name: 'Troponin I', type: 'Numeric unbound', unit: 'ng/L' });
    expect(rangeFor(unbound, { sex: 'Male', age: adult })).toBeNull();
  });

  it('chooses a Multiple ranges parameter’s range by its label, and lists one per label for the report', () => {
    const progesterone = parameter({
      code: 'PROG',
      name: 'Progesterone',
      type: 'Multiple ranges',
      unit: 'ng/mL',
      ranges: [
        { sex: 'Female', label: 'Follicular phase', low: '0.1', high: '0.3' },
        { sex: 'Female', label: 'Luteal phase', low: '1.2', high: '15.9' },
        { sex: 'Female', label: 'Postmenopausal', ageFrom: 45, high: '0.2' },
        { sex: 'Male', label: 'Male', low: '0.1', high: '0.2' },
      ],
    });
    const woman = { sex: 'Female', age: adult };
    expect(rangeFor(progesterone, woman)).toBeNull();
    expect(rangeFor(progesterone, { ...woman, label: 'Luteal phase' })?.high).toBe('15.9');
    expect(rangesFor(progesterone, woman).map((r) => r.label)).toEqual(['Follicular phase', 'Luteal phase']);
    expect(rangesFor(progesterone, { sex: 'Female', age: { ...adult, years: 50 } }).map((r) => r.label)).toEqual([
      'Follicular phase',
      'Luteal phase',
      'Postmenopausal',
    ]);
    expect(rangesFor(potassium, woman).map((r) => r.low)).toEqual(['3.5']);
  });
});

describe('flagOf', () => {
  const range = potassium.ranges[0] ?? null;
  const flag = (value: string) => flagOf(potassium, value, range);

  it('flags at exactly the boundaries: every limit belongs to the inside', () => {
    expect(flag('3.5')).toBe('NORMAL');
    expect(flag('3.50')).toBe('NORMAL');
    expect(flag('3.49')).toBe('LOW');
    expect(flag('5.1')).toBe('NORMAL');
    expect(flag('5.100000')).toBe('NORMAL');
    expect(flag('5.100001')).toBe('HIGH');
    expect(flag('2.5')).toBe('LOW');
    expect(flag('2.4')).toBe('CRITICAL_LOW');
    expect(flag('6.5')).toBe('HIGH');
    expect(flag('6.51')).toBe('CRITICAL_HIGH');
    expect(flag('0.5')).toBe('CRITICAL_LOW');
    expect(flag('0.49')).toBe('ABSURD');
    expect(flag('15')).toBe('CRITICAL_HIGH');
    expect(flag('15.01')).toBe('ABSURD');
  });

  it('has no float surprises where binary fractions would round (0.1 + 0.2)', () => {
    const p = parameter({ code: 'X', name: 'X', type: 'Numeric', ranges: [{ low: '0.3', high: '0.7' }] });
    // 0.1 + 0.2 in floating point is 0.30000000000000004, above 0.3: typed text is exact.
    expect(flagOf(p, '0.3', p.ranges[0] ?? null)).toBe('NORMAL');
    expect(flagOf(p, '0.7', p.ranges[0] ?? null)).toBe('NORMAL');
    expect(flagOf(p, '0.299999', p.ranges[0] ?? null)).toBe('LOW');
  });

  it('judges one-sided ranges on their one side', () => {
    const hdl = parameter({ code: 'HDL', name: 'HDL', type: 'Numeric', unit: 'mg/dL', ranges: [{ low: '40' }] });
    expect(flagOf(hdl, '39', hdl.ranges[0] ?? null)).toBe('LOW');
    expect(flagOf(hdl, '400', hdl.ranges[0] ?? null)).toBe('NORMAL');
    const ldl = parameter({ code: 'LDL', name: 'LDL', type: 'Numeric', unit: 'mg/dL', ranges: [{ high: '100' }] });
    expect(flagOf(ldl, '0', ldl.ranges[0] ?? null)).toBe('NORMAL');
    expect(flagOf(ldl, '100.1', ldl.ranges[0] ?? null)).toBe('HIGH');
  });

  it('uses a range’s own critical limits before the parameter’s', () => {
    const glucose = parameter({
      code: 'GLU',
      name: 'Glucose',
      type: 'Numeric',
      unit: 'mg/dL',
      criticalLow: '40',
      criticalHigh: '450',
      ranges: [
        { ageFrom: 1, low: '70', high: '110' },
        { ageUnit: 'days', ageTo: 30, low: '45', high: '100', criticalLow: '30' },
      ],
    });
    const neonate = rangeFor(glucose, { sex: 'Male', age: { days: 3, months: 0, years: 0 } });
    expect(flagOf(glucose, '35', neonate)).toBe('LOW');
    expect(flagOf(glucose, '29', neonate)).toBe('CRITICAL_LOW');
    expect(flagOf(glucose, '35', rangeFor(glucose, { sex: 'Male', age: adult }))).toBe('CRITICAL_LOW');
    expect(flagOf(glucose, '460', neonate)).toBe('CRITICAL_HIGH');
    // No range for the patient: nothing to be low or high against; limits still hold.
    expect(flagOf(glucose, '35', null)).toBe('CRITICAL_LOW');
    expect(flagOf(glucose, '200', null)).toBe('NORMAL');
  });

  it('gives Numeric unbound only critical and absurd flags', () => {
    const trop = parameter({
      code: 'TROP',
      name: 'Troponin I',
      type: 'Numeric unbound',
      unit: 'ng/L',
      possibleMin: '0',
      criticalHigh: '52',
    });
    expect(flagOf(trop, '10', null)).toBe('NORMAL');
    expect(flagOf(trop, '52', null)).toBe('NORMAL');
    expect(flagOf(trop, '53', null)).toBe('CRITICAL_HIGH');
    expect(flagOf(trop, '-1', null)).toBe('ABSURD');
  });

  it('refuses a numeric value that is not a number', () => {
    for (const bad of ['', 'abc', '4,5', '1e2', '<0.5', 'NaN'])
      expect(() => flagOf(potassium, bad, range)).toThrow(ResultValueError);
    expect(() => flagOf(potassium, ['4.5'], range)).toThrow(ResultValueError);
  });

  it('flags a Custom choice marked abnormal, and refuses what is not a choice', () => {
    const hbsag = parameter({
      code: 'HBSAG',
      name: 'HBsAg',
      type: 'Custom',
      options: [{ value: 'Non Reactive' }, { value: 'Reactive', abnormal: true }],
    });
    expect(flagOf(hbsag, 'Non Reactive', null)).toBe('NORMAL');
    expect(flagOf(hbsag, 'reactive', null)).toBe('ABNORMAL');
    expect(flagOf(hbsag, 'Maybe', null)).toBe('ABSURD');
    expect(() => flagOf(hbsag, ['Reactive', 'Non Reactive'], null)).toThrow(ResultValueError);
    const organisms = parameter({
      code: 'ORG',
      name: 'Organisms',
      type: 'Custom',
      fieldMode: 'multi',
      options: [{ value: 'None seen' }, { value: 'E. coli', abnormal: true }, { value: 'Klebsiella', abnormal: true }],
    });
    expect(flagOf(organisms, ['E. coli', 'Klebsiella'], null)).toBe('ABNORMAL');
    expect(flagOf(organisms, ['None seen'], null)).toBe('NORMAL');
    expect(flagOf(organisms, ['None seen', 'Proteus'], null)).toBe('ABSURD');
    expect(() => flagOf(organisms, [], null)).toThrow(ResultValueError);
  });

  it('gives free text no flag', () => {
    const note = parameter({ code: 'NOTE', name: 'Comment', type: 'Text', fieldMode: 'text field' });
    expect(flagOf(note, 'Haemolysed sample; repeat advised', null)).toBe('NORMAL');
  });

  it('agrees with an exact comparison of integers for any value and range', () => {
    const millionths = fc.bigInt({ min: -(10n ** 10n), max: 10n ** 10n });
    const text = (m: bigint) => decimalText({ units: m, scale: 6 });
    fc.assert(
      fc.property(fc.array(millionths, { minLength: 4, maxLength: 4 }), millionths, (limits, value) => {
        const [critLow, low, high, critHigh] = [...limits].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) as [
          bigint,
          bigint,
          bigint,
          bigint,
        ];
        const p = parameter({
          code: 'P',
          name: 'P',
          type: 'Numeric',
          criticalLow: text(critLow),
          criticalHigh: text(critHigh),
          ranges: [{ low: text(low), high: text(high) }],
        });
        const expected =
          value < critLow
            ? 'CRITICAL_LOW'
            : value > critHigh
              ? 'CRITICAL_HIGH'
              : value < low
                ? 'LOW'
                : value > high
                  ? 'HIGH'
                  : 'NORMAL';
        expect(flagOf(p, text(value), p.ranges[0] ?? null)).toBe(expected);
        // Written with trailing zeros, the same value gets the same flag.
        const [whole, fraction = ''] = text(value).split('.');
        expect(flagOf(p, `${whole}.${fraction.padEnd(6, '0')}`, p.ranges[0] ?? null)).toBe(expected);
      }),
    );
  });
});

describe('deltaCheck', () => {
  const rule = { absolute: '1.0', percent: '20' };

  it('is null without a rule or a previous result', () => {
    expect(deltaCheck(null, '4.5', rule)).toBeNull();
    expect(deltaCheck(undefined, '4.5', rule)).toBeNull();
    expect(deltaCheck('4.5', '9', null)).toBeNull();
  });

  it('is beyond a limit only past it, not at it', () => {
    expect(deltaCheck('5.0', '6.0', { absolute: '1.0', percent: null })).toMatchObject({
      difference: '1',
      exceeded: false,
    });
    expect(deltaCheck('5.0', '6.01', { absolute: '1.0', percent: null })).toMatchObject({
      difference: '1.01',
      beyondAbsolute: true,
      exceeded: true,
    });
    expect(deltaCheck('5.0', '4.0', { absolute: null, percent: '20' })).toMatchObject({
      difference: '-1',
      beyondPercent: false,
    });
    expect(deltaCheck('5.0', '3.99', { absolute: null, percent: '20' })).toMatchObject({ beyondPercent: true });
  });

  it('reports which limit it went past', () => {
    expect(deltaCheck('100', '110.5', rule)).toEqual({
      difference: '10.5',
      beyondAbsolute: true,
      beyondPercent: false,
      exceeded: true,
    });
    expect(deltaCheck('0.3', '0.1', rule)).toEqual({
      difference: '-0.2',
      beyondAbsolute: false,
      beyondPercent: true,
      exceeded: true,
    });
  });

  it('counts any change from a previous 0 as beyond a percent limit, and no change as none', () => {
    expect(deltaCheck('0', '0.01', { absolute: null, percent: '50' })?.beyondPercent).toBe(true);
    expect(deltaCheck('0', '0.00', { absolute: null, percent: '50' })?.exceeded).toBe(false);
  });

  it('refuses values that are not numbers', () => {
    expect(() => deltaCheck('high', '4.5', rule)).toThrow(ResultValueError);
    expect(() => deltaCheck('4.5', '', rule)).toThrow(ResultValueError);
  });

  it('agrees with integer arithmetic for any two values', () => {
    const millionths = fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n });
    const text = (m: bigint) => decimalText({ units: m, scale: 6 });
    fc.assert(
      fc.property(millionths, millionths, fc.bigInt({ min: 0n, max: 10n ** 8n }), (a, b, pct) => {
        const result = deltaCheck(text(a), text(b), { absolute: null, percent: text(pct) });
        const size = b - a < 0n ? a - b : b - a;
        const base = a < 0n ? -a : a;
        const expected = a === 0n ? size !== 0n : size * 100n * 1_000_000n > pct * base;
        expect(result?.beyondPercent).toBe(expected);
        expect(decimalOf(result?.difference ?? 'x')).toEqual(decimalOf(text(b - a)));
      }),
    );
  });
});
