import { describe, expect, it } from '@jest/globals';
import { TEST_MESSAGES } from '../billing/catalogue-messages.js';
import { formulaReferences, FormulaSyntaxError } from './formula.js';
import { PARAMETER_MESSAGES, parameterSchema, testParametersSchema, type ParameterInput } from './parameter.js';

const haemoglobin: ParameterInput = {
  code: 'HB',
  name: 'Haemoglobin',
  type: 'Numeric',
  unit: 'g/dL',
  decimals: 1,
  possibleMin: '0',
  possibleMax: '30',
  criticalLow: '7',
  criticalHigh: '20',
  ranges: [
    { sex: 'Male', ageFrom: 18, low: '13.0', high: '17.0' },
    { sex: 'Female', ageFrom: 18, low: '12.0', high: '15.0' },
    { sex: 'Any', ageUnit: 'days', ageFrom: 0, ageTo: 30, low: '14.0', high: '22.0', criticalHigh: '25' },
  ],
};

/** The messages of a failed parse, by path ('ranges.0.low'). */
function problems(input: unknown, schema: typeof parameterSchema | typeof testParametersSchema = parameterSchema) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('a test parameter', () => {
  it('takes a numeric parameter with sex- and age-specific ranges, defaults filled', () => {
    const p = parameterSchema.parse(haemoglobin);
    expect(p.fieldMode).toBe('single');
    expect(p.ranges[0]).toMatchObject({ sex: 'Male', ageUnit: 'years', ageFrom: 18, ageTo: null, label: null });
    expect(p.options).toEqual([]);
    expect(p.formula).toBeNull();
  });

  it('reuses the spec’s words for its messages', () => {
    expect(PARAMETER_MESSAGES.updateFailed).toBe('Unable Update Test Details');
    expect(PARAMETER_MESSAGES.updateFailed).toBe(TEST_MESSAGES.updateFailed);
    expect(PARAMETER_MESSAGES.selectTestCode).toBe('Select Atleast One TestCode to Generate');
  });

  it('refuses a unit that is not in the list, a float-looking limit and a range with no limit', () => {
    expect(problems({ ...haemoglobin, unit: 'gm/dl' })).toEqual({ unit: PARAMETER_MESSAGES.unknownUnit });
    expect(problems({ ...haemoglobin, possibleMax: '1e3' })).toEqual({ possibleMax: PARAMETER_MESSAGES.notDecimal });
    // A limit that is not decimal text is named once, and the other checks do not trip over it.
    expect(problems({ ...haemoglobin, ranges: [{ low: 'abc', high: '17' }] })).toEqual({
      'ranges.0.low': PARAMETER_MESSAGES.notDecimal,
    });
    expect(problems({ ...haemoglobin, ranges: [{ sex: 'Any' }] })).toEqual({
      'ranges.0.low': PARAMETER_MESSAGES.rangeWithoutLimit,
    });
  });

  it('takes one-sided ranges and refuses low above high and an empty age band', () => {
    const hdl = { code: 'HDL', name: 'HDL Cholesterol', type: 'Numeric', unit: 'mg/dL' };
    expect(problems({ ...hdl, ranges: [{ low: '40' }, { sex: 'Male', high: '100' }] })).toEqual({});
    expect(problems({ ...hdl, ranges: [{ low: '5', high: '4.99' }] })).toEqual({
      'ranges.0.high': PARAMETER_MESSAGES.lowAboveHigh,
    });
    expect(problems({ ...hdl, ranges: [{ low: '5', ageFrom: 5, ageTo: 5 }] })).toEqual({
      'ranges.0.ageTo': PARAMETER_MESSAGES.ageToNotAboveFrom,
    });
  });

  it('refuses two ranges of one sex whose age bands in the same unit overlap; touching bands are fine', () => {
    const bands = (a: [number, number | null], b: [number, number | null]) => ({
      ...haemoglobin,
      criticalLow: null,
      criticalHigh: null,
      ranges: [
        { sex: 'Male', ageFrom: a[0], ageTo: a[1], low: '1' },
        { sex: 'Male', ageFrom: b[0], ageTo: b[1], low: '2' },
      ],
    });
    expect(problems(bands([0, 18], [18, null]))).toEqual({});
    expect(problems(bands([0, 18], [17, null]))).toEqual({ 'ranges.1': PARAMETER_MESSAGES.overlappingRanges });
    expect(problems(bands([10, null], [60, null]))).toEqual({ 'ranges.1': PARAMETER_MESSAGES.overlappingRanges });
  });

  it('keeps limits inside the possible range and critical limits outside the reference range', () => {
    expect(problems({ ...haemoglobin, criticalHigh: '31' })).toEqual({
      criticalHigh: PARAMETER_MESSAGES.outsidePossible,
    });
    expect(problems({ ...haemoglobin, criticalLow: '12.5' })).toEqual({
      'ranges.1.low': PARAMETER_MESSAGES.criticalInsideRange,
    });
    // A critical limit equal to the range's limit is allowed (the limit is in range, not critical).
    expect(problems({ ...haemoglobin, criticalLow: '12.0' })).toEqual({});
  });

  it('labels the ranges of Multiple ranges, and only those', () => {
    const progesterone: ParameterInput = {
      code: 'PROG',
      name: 'Progesterone',
      type: 'Multiple ranges',
      unit: 'ng/mL',
      ranges: [
        { sex: 'Female', label: 'Follicular phase', low: '0.1', high: '0.3' },
        { sex: 'Female', label: 'Luteal phase', low: '1.2', high: '15.9' },
      ],
    };
    expect(problems(progesterone)).toEqual({});
    expect(problems({ ...progesterone, ranges: [{ sex: 'Female', low: '1' }] })).toEqual({
      'ranges.0.label': PARAMETER_MESSAGES.labelRequired,
    });
    expect(problems({ ...haemoglobin, ranges: [{ label: 'Adult', low: '13' }] })).toEqual({
      'ranges.0.label': PARAMETER_MESSAGES.labelNotAllowed,
    });
  });

  it('gives Numeric unbound no ranges, and text parameters no numbers', () => {
    expect(problems({ ...haemoglobin, type: 'Numeric unbound' })).toEqual({
      ranges: PARAMETER_MESSAGES.rangesNotAllowed('Numeric unbound'),
    });
    expect(problems({ code: 'COL', name: 'Colour', type: 'Text', unit: 'g/dL', criticalLow: '1' })).toEqual({
      unit: PARAMETER_MESSAGES.numericOnly('unit'),
      criticalLow: PARAMETER_MESSAGES.numericOnly('criticalLow'),
    });
    expect(problems({ ...haemoglobin, fieldMode: 'multi' })).toEqual({ fieldMode: PARAMETER_MESSAGES.fieldModeSingle });
  });

  it('makes Custom a list of distinct choices, and a text field free text', () => {
    const custom = { code: 'HBSAG', name: 'HBsAg', type: 'Custom', options: [] };
    expect(problems(custom)).toEqual({ options: PARAMETER_MESSAGES.optionsRequired });
    expect(
      problems({ ...custom, options: [{ value: 'Non Reactive' }, { value: 'Reactive', abnormal: true }] }),
    ).toEqual({});
    expect(problems({ ...custom, options: [{ value: 'Reactive' }, { value: 'reactive' }] })).toEqual({
      'options.1.value': PARAMETER_MESSAGES.duplicateOption,
    });
    expect(
      problems({ code: 'IMP', name: 'Impression', type: 'Text', fieldMode: 'text field', options: [{ value: 'x' }] }),
    ).toEqual({ options: PARAMETER_MESSAGES.optionsNotAllowed });
  });
});

describe('formulas', () => {
  it('names the parameters a formula uses, once each, in order', () => {
    expect(formulaReferences('TCHOL - HDL - TG / 5')).toEqual(['TCHOL', 'HDL', 'TG']);
    expect(formulaReferences('ALB / (TP - ALB)')).toEqual(['ALB', 'TP']);
    expect(formulaReferences('max(0, -NA + 2.5 * (K ^ 2))')).toEqual(['NA', 'K']);
  });

  it('refuses what is not a well-formed expression, and unknown functions', () => {
    for (const bad of [
      '',
      'TCHOL -',
      '(HDL',
      'HDL)',
      'HDL HDL',
      'eval(HDL)',
      'HDL; process.exit()',
      'a => 1',
      'HDL[0]',
    ])
      expect(() => formulaReferences(bad)).toThrow(FormulaSyntaxError);
  });

  const ldl = (formula: string) => [
    { code: 'TCHOL', name: 'Total Cholesterol', type: 'Numeric', unit: 'mg/dL' },
    { code: 'HDL', name: 'HDL Cholesterol', type: 'Numeric', unit: 'mg/dL' },
    { code: 'TG', name: 'Triglycerides', type: 'Numeric', unit: 'mg/dL' },
    { code: 'LDL', name: 'LDL Cholesterol (calculated)', type: 'Numeric', unit: 'mg/dL', formula },
  ];

  it('lets a test’s formula use only its other parameters, without circles', () => {
    expect(problems(ldl('TCHOL - HDL - TG / 5'), testParametersSchema)).toEqual({});
    expect(problems(ldl('TCHOL - VLDL'), testParametersSchema)).toEqual({
      '3.formula': PARAMETER_MESSAGES.formulaUnknownCode('VLDL'),
    });
    expect(problems(ldl('LDL + 1'), testParametersSchema)).toEqual({ '3.formula': PARAMETER_MESSAGES.formulaSelf });
    const circle = [
      { code: 'A', name: 'A', type: 'Numeric', formula: 'B + 1' },
      { code: 'B', name: 'B', type: 'Numeric', formula: 'A * 2' },
    ];
    expect(problems(circle, testParametersSchema)).toEqual({
      '0.formula': PARAMETER_MESSAGES.formulaCycle(['A', 'B', 'A']),
    });
    expect(problems([...ldl('1'), ldl('1')[0]], testParametersSchema)).toEqual({
      '4.code': PARAMETER_MESSAGES.duplicateCode,
    });
  });

  it('refuses a formula with a syntax error on the parameter itself', () => {
    expect(problems({ code: 'X', name: 'X', type: 'Numeric', formula: 'A +' })).toEqual({
      formula: PARAMETER_MESSAGES.formulaSyntax('Unexpected end of expression (char 4)'),
    });
  });
});
