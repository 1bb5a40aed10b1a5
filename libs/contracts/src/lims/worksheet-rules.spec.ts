import { describe, expect, it } from '@jest/globals';
import { PARAMETER_MESSAGES, testParametersSchema, type ParameterInput } from './parameter.js';
import type { PatientAge, RangeSubject } from './result-rules.js';
import { judgeTest, type GivenValue } from './worksheet-rules.js';

const adult: PatientAge = { days: 14_000, months: 460, years: 38 };
const man: RangeSubject = { sex: 'Male', age: adult };

/** A lipid profile: LDL by Friedewald from the others (mg/dL), a ratio from the calculated LDL. */
const lipid = testParametersSchema.parse([
  {
    code: 'TCHOL',
    name: 'Total cholesterol',
    type: 'Numeric',
    unit: 'mg/dL',
    possibleMin: '20',
    possibleMax: '1000',
    ranges: [{ high: '200' }],
    delta: { percent: '50', absolute: null },
  },
  {
    code: 'HDL',
    name: 'HDL cholesterol',
    type: 'Numeric',
    unit: 'mg/dL',
    possibleMin: '5',
    possibleMax: '200',
    ranges: [{ low: '40' }],
  },
  {
    code: 'TG',
    name: 'Triglycerides',
    type: 'Numeric',
    unit: 'mg/dL',
    possibleMin: '10',
    possibleMax: '5000',
    criticalHigh: '1000',
    ranges: [{ high: '150' }],
  },
  {
    code: 'LDL',
    name: 'LDL cholesterol (calculated)',
    type: 'Numeric',
    unit: 'mg/dL',
    decimals: 1,
    ranges: [{ high: '100' }],
    formula: 'TCHOL - HDL - TG / 5',
  },
  { code: 'LDLHDL', name: 'LDL/HDL ratio', type: 'Numeric unbound', decimals: 2, formula: 'LDL / HDL' },
  {
    code: 'APPEAR',
    name: 'Appearance',
    type: 'Custom',
    options: [{ value: 'Clear' }, { value: 'Lipaemic', abnormal: true }],
  },
] satisfies ParameterInput[]);

const typed = (value: GivenValue['value']): GivenValue => ({ value, source: 'MANUAL' });
const normal = {
  TCHOL: typed('180'),
  HDL: typed('50'),
  TG: typed('100'),
  APPEAR: typed('Clear'),
};

describe('judgeTest: one test on the worksheet', () => {
  it('fills in calculated parameters, in the order they use each other, from the kept values', () => {
    const judged = judgeTest(lipid, normal, { subject: man, autoValidate: true });
    const by = Object.fromEntries(judged.results.map((r) => [r.code, r]));
    expect(by.LDL).toMatchObject({ value: '110', source: 'CALCULATED', flag: 'HIGH' });
    expect(by.LDLHDL).toMatchObject({ value: '2.2', source: 'CALCULATED', flag: 'NORMAL' });
    expect(judged.results.map((r) => r.code)).toEqual(['TCHOL', 'HDL', 'TG', 'LDL', 'LDLHDL', 'APPEAR']);
    expect(judged.complete).toBe(true);
    // the calculated LDL is out of range, so the test waits for a person
    expect(judged.holds).toEqual(['outOfRange']);
  });

  it("rounds a calculated value to the parameter's decimals, and judges what the report prints", () => {
    // LDL 180 - 51 - 100 / 5 = 109; 109 / 51 = 2.137254… → 2.14 (two decimals)
    const judged = judgeTest(lipid, { ...normal, HDL: typed('51') }, { subject: man, autoValidate: true });
    expect(judged.results.find((r) => r.code === 'LDLHDL')).toMatchObject({ value: '2.14', source: 'CALCULATED' });
    // 100.04 with one decimal is 100 (not above the high limit of 100): judged on the rounded value
    const edge = judgeTest(
      lipid,
      { ...normal, TCHOL: typed('170.04'), HDL: typed('50'), TG: typed('100') },
      { subject: man, autoValidate: true },
    );
    expect(edge.results.find((r) => r.code === 'LDL')).toMatchObject({ value: '100', flag: 'NORMAL' });
  });

  it('ignores a value given for a calculated parameter', () => {
    const judged = judgeTest(lipid, { ...normal, LDL: typed('5') }, { subject: man, autoValidate: true });
    expect(judged.results.find((r) => r.code === 'LDL')).toMatchObject({ value: '110', source: 'CALCULATED' });
  });

  it('validates by its rule only when everything is complete, in range, not critical and within its delta rule', () => {
    const inRange = { ...normal, TCHOL: typed('150') }; // LDL 80
    expect(judgeTest(lipid, inRange, { subject: man, autoValidate: true }).holds).toEqual([]);
    expect(judgeTest(lipid, inRange, { subject: man, autoValidate: false }).holds).toEqual(['ruleOff']);
    // a missing input leaves its calculated parameters empty too
    const missing = judgeTest(lipid, { ...inRange, HDL: typed(' ') }, { subject: man, autoValidate: true });
    expect(missing.complete).toBe(false);
    expect(missing.results.filter((r) => r.value === null).map((r) => r.code)).toEqual(['HDL', 'LDL', 'LDLHDL']);
    expect(missing.holds).toEqual(['missing']);
    // a choice marked abnormal is out of range
    expect(
      judgeTest(lipid, { ...inRange, APPEAR: typed('Lipaemic') }, { subject: man, autoValidate: true }).holds,
    ).toEqual(['outOfRange']);
    // the patient's previous total cholesterol was 90: +67 % is beyond the 50 % rule
    const changed = judgeTest(lipid, inRange, { subject: man, autoValidate: true, previous: { TCHOL: '90' } });
    expect(changed.results[0]).toMatchObject({ previous: '90', delta: { difference: '60', exceeded: true } });
    expect(changed.holds).toEqual(['delta']);
    // within the rule, and a parameter without a rule shows no previous value
    const steady = judgeTest(lipid, inRange, {
      subject: man,
      autoValidate: true,
      previous: { TCHOL: '140', HDL: '1' },
    });
    expect(steady.results[0]).toMatchObject({ previous: '140', delta: { exceeded: false } });
    expect(steady.results[1]).toMatchObject({ previous: null, delta: null });
    expect(steady.holds).toEqual([]);
  });

  it('marks a critical value, which always waits for a person', () => {
    const judged = judgeTest(lipid, { ...normal, TG: typed('1200') }, { subject: man, autoValidate: true });
    expect(judged.results[2]).toMatchObject({ flag: 'CRITICAL_HIGH', error: null });
    expect(judged.critical).toBe(true);
    expect(judged.holds).toEqual(['critical']);
  });

  it('refuses what a parameter cannot be, keeps nothing of it, and calculates nothing from it', () => {
    const judged = judgeTest(
      lipid,
      { ...normal, TCHOL: typed('12000'), HDL: typed('fifty'), APPEAR: typed('Cloudy') },
      { subject: man, autoValidate: true },
    );
    const by = Object.fromEntries(judged.results.map((r) => [r.code, r]));
    expect(by.TCHOL).toMatchObject({ flag: null, error: PARAMETER_MESSAGES.outsidePossibleValue('20', '1000') });
    expect(by.HDL).toMatchObject({ flag: null, error: PARAMETER_MESSAGES.notANumber });
    expect(by.APPEAR).toMatchObject({ flag: null, error: PARAMETER_MESSAGES.notAChoice('Cloudy') });
    expect(by.LDL).toMatchObject({ value: null, source: null });
    expect(judged.complete).toBe(false);
    expect(judged.critical).toBe(false);
    expect(judged.holds).toEqual(['missing', 'refused']);
  });

  it("judges by the patient's own range: a boy's cholesterol by the children's band", () => {
    const child: RangeSubject = { sex: 'Male', age: { days: 3000, months: 98, years: 8 } };
    const withChildren = testParametersSchema.parse([
      {
        code: 'TCHOL',
        name: 'Total cholesterol',
        type: 'Numeric',
        unit: 'mg/dL',
        ranges: [
          { ageTo: 18, high: '170' },
          { ageFrom: 18, high: '200' },
        ],
      },
    ] satisfies ParameterInput[]);
    const given = { TCHOL: typed('180') };
    expect(judgeTest(withChildren, given, { subject: child, autoValidate: true }).results[0]).toMatchObject({
      flag: 'HIGH',
      range: { high: '170' },
    });
    expect(judgeTest(withChildren, given, { subject: man, autoValidate: true }).results[0]).toMatchObject({
      flag: 'NORMAL',
      range: { high: '200' },
    });
  });
});
