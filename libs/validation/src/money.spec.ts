import { describe, expect, it } from '@jest/globals';
import {
  basisPointsToPercent,
  majorToMinorUnits,
  minorUnitsToDecimal,
  parseMinorUnits,
  parsePercentToBasisPoints,
} from './money.js';

describe('money in minor units', () => {
  it("adds '0.1' and '0.2' to exactly 30 paise (no floating point)", () => {
    const sum = parseMinorUnits('0.1')! + parseMinorUnits('0.2')!;
    expect(sum).toBe(30);
    expect(minorUnitsToDecimal(sum)).toBe('0.30');
    expect(parseMinorUnits('0.3')).toBe(sum);
  });

  it('reads decimal text into paise without rounding', () => {
    expect(parseMinorUnits('1234.56')).toBe(123456);
    expect(parseMinorUnits('19.99')).toBe(1999);
    expect(parseMinorUnits('1.10')).toBe(110);
    expect(parseMinorUnits('-0.05')).toBe(-5);
    expect(parseMinorUnits('-0')).toBe(0);
    expect(parseMinorUnits('90071992547409.91')).toBe(9007199254740991);
  });

  it('refuses more fraction digits than the currency has, and what does not fit a safe integer', () => {
    expect(parseMinorUnits('0.001')).toBeNull();
    expect(parseMinorUnits('0.105')).toBeNull();
    expect(parseMinorUnits('90071992547409.92')).toBeNull();
    expect(parseMinorUnits('1e3')).toBeNull();
    expect(parseMinorUnits('')).toBeNull();
  });

  it('writes paise back as decimal text, and the two are inverse', () => {
    expect(minorUnitsToDecimal(0)).toBe('0.00');
    expect(minorUnitsToDecimal(5)).toBe('0.05');
    expect(minorUnitsToDecimal(-5)).toBe('-0.05');
    expect(minorUnitsToDecimal(123456)).toBe('1234.56');
    for (const minor of [0, 1, 9, 10, 99, 100, 101, 999999, -12345, Number.MAX_SAFE_INTEGER])
      expect(parseMinorUnits(minorUnitsToDecimal(minor))).toBe(minor);
    expect(() => minorUnitsToDecimal(0.5)).toThrow();
  });

  it('converts whole rupees to paise', () => {
    expect(majorToMinorUnits(100000)).toBe(10000000);
    expect(() => majorToMinorUnits(1.5)).toThrow();
  });
});

describe('percentages in basis points', () => {
  it('reads and writes percentages with two decimals exactly', () => {
    expect(parsePercentToBasisPoints('12.5')).toBe(1250);
    expect(parsePercentToBasisPoints('100')).toBe(10000);
    expect(parsePercentToBasisPoints('0.01')).toBe(1);
    expect(parsePercentToBasisPoints('12.345')).toBeNull();
    expect(basisPointsToPercent(1250)).toBe('12.5');
    expect(basisPointsToPercent(10000)).toBe('100');
    expect(basisPointsToPercent(1)).toBe('0.01');
    expect(basisPointsToPercent(0)).toBe('0');
  });
});
