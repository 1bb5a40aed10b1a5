import { describe, expect, it } from '@jest/globals';
import { evaluateFormula, FORMULA_FUNCTIONS, formulaReferences, FormulaSyntaxError } from './formula.js';

describe('evaluateFormula', () => {
  it('calculates LDL by Friedewald (TCHOL - HDL - TG / 5) exactly', () => {
    expect(evaluateFormula('TCHOL - HDL - TG / 5', { TCHOL: '200', HDL: '50', TG: '151' })).toBe('119.8');
    expect(evaluateFormula('TCHOL - HDL - TG / 5', { TCHOL: '180.5', HDL: '45.25', TG: '100' })).toBe('115.25');
  });

  it('calculates the A/G ratio, rounded half up to six decimals', () => {
    expect(evaluateFormula('ALB / (TP - ALB)', { ALB: '4.2', TP: '7' })).toBe('1.5');
    expect(evaluateFormula('ALB / (TP - ALB)', { ALB: '4', TP: '7' })).toBe('1.333333');
    expect(evaluateFormula('ALB / (TP - ALB)', { ALB: '5', TP: '8' })).toBe('1.666667');
  });

  it('adds decimals without binary floating point errors', () => {
    expect(evaluateFormula('A + B', { A: '0.1', B: '0.2' })).toBe('0.3');
    expect(evaluateFormula('A * 3', { A: '1.1' })).toBe('3.3');
  });

  it('calls the allowed functions', () => {
    expect(evaluateFormula('max(0, A - 10)', { A: '4' })).toBe('0');
    expect(evaluateFormula('sqrt(A) + abs(B) + pow(2, 3)', { A: '16', B: '-1' })).toBe('13');
    expect(evaluateFormula('log10(A)', { A: '1000' })).toBe('3');
    expect(FORMULA_FUNCTIONS).toContain('log');
  });

  it('gives no value when an input is missing or not a number', () => {
    expect(evaluateFormula('TCHOL - HDL - TG / 5', { TCHOL: '200', HDL: '50' })).toBeNull();
    expect(evaluateFormula('TCHOL - HDL - TG / 5', { TCHOL: '200', HDL: null, TG: '150' })).toBeNull();
    expect(evaluateFormula('TCHOL - HDL - TG / 5', { TCHOL: '200', HDL: 'high', TG: '150' })).toBeNull();
  });

  it('gives no value for a result that is not a finite number decimal text holds', () => {
    expect(evaluateFormula('ALB / (TP - ALB)', { ALB: '4', TP: '4' })).toBeNull(); // ÷ 0
    expect(evaluateFormula('sqrt(A)', { A: '-4' })).toBeNull();
    expect(evaluateFormula('log(A)', { A: '0' })).toBeNull();
    expect(evaluateFormula('A * 1000000000000', { A: '5' })).toBeNull(); // 13 whole digits
  });

  it('refuses hostile formulas before anything runs', () => {
    for (const hostile of [
      'constructor',
      '__proto__',
      'toString',
      'import({}, {})',
      'import("fs")',
      'config({})',
      'createUnit("x")',
      'evaluate("1")',
      'parse("1")',
      'A = 1',
      'f(x) = x',
      'A.constructor',
      'A["constructor"]',
      'cos(A)',
      '"text"',
      '[1, 2]',
      '{a: 1}',
      'A ? 1 : 2',
      'A == 1',
      '1:3',
      'A; B',
      '2 A',
      '5 cm',
      '3!',
      '7 % 2',
      '',
    ])
      expect(() => evaluateFormula(hostile, { A: '1', B: '2' })).toThrow(FormulaSyntaxError);
  });

  it('never reads a value from outside the given ones', () => {
    const values = Object.create({ A: '5' }) as Record<string, string>;
    expect(evaluateFormula('A + 1', values)).toBeNull();
  });
});

describe('formulaReferences (math.js parser)', () => {
  it('names the codes used, in order of first use, once each', () => {
    expect(formulaReferences('TCHOL - HDL - TG / 5')).toEqual(['TCHOL', 'HDL', 'TG']);
    expect(formulaReferences('max(0, -NA + 2.5 * (K ^ 2))')).toEqual(['NA', 'K']);
  });
});
