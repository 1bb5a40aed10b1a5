import { describe, expect, it } from '@jest/globals';
import { parseAmountMinor, validateAmount, validateProcessingFee } from './amount.js';
import { AMOUNT_MAX, AMOUNT_MIN } from './limits.js';

describe('amount limits', () => {
  it('are 0 and 100000 (spec §9)', () => {
    expect(AMOUNT_MIN).toBe(0);
    expect(AMOUNT_MAX).toBe(100000);
  });
});

describe('parseAmountMinor', () => {
  it.each([
    ['0', 0],
    ['100000', 10000000],
    ['99.50', 9950],
    ['.5', 50],
    ['5.', 500],
    [' 250 ', 25000],
    ['-1', -100],
    ['0.01', 1],
    [42, 4200],
    [0.25, 25],
  ])('reads %p as %p paise', (input, expected) => {
    expect(parseAmountMinor(input)).toBe(expected);
  });

  it.each(['abc', '1.2.3', '1e5', '1,000', '', '.', '-', '12abc', '₹100', '0.001', '1.005'])('refuses %p', (input) => {
    expect(parseAmountMinor(input)).toBeNull();
  });

  it.each([NaN, Infinity, -Infinity, null, undefined, {}, [5], true, 1e21, 0.1 + 0.2])(
    'refuses the non-amount %p',
    (input) => {
      expect(parseAmountMinor(input)).toBeNull();
    },
  );
});

describe('validateAmount', () => {
  it('asks for an empty amount', () => {
    expect(validateAmount('Price', '')).toBe('Please enter the amount');
    expect(validateAmount('Price', '   ')).toBe('Please enter the amount');
    expect(validateAmount('Price', null)).toBe('Please enter the amount');
    expect(validateAmount('Price', undefined)).toBe('Please enter the amount');
  });

  it('refuses what is not a number', () => {
    expect(validateAmount('Price', 'abc')).toBe('Please give valid inputs');
    expect(validateAmount('Price', '10.5.1')).toBe('Please give valid inputs');
    expect(validateAmount('Price', '10.555')).toBe('Please give valid inputs');
    expect(validateAmount('Price', NaN)).toBe('Please give valid inputs');
  });

  it('accepts both ends of 0..100000', () => {
    expect(validateAmount('Price', '0')).toBeNull();
    expect(validateAmount('Price', 0)).toBeNull();
    expect(validateAmount('Price', '100000')).toBeNull();
    expect(validateAmount('Price', 100000)).toBeNull();
    expect(validateAmount('Price', '99999.99')).toBeNull();
  });

  it('refuses amounts just outside the range, naming the field', () => {
    expect(validateAmount('Price', '100000.01')).toBe('Price should be in Between 0 to 100000');
    expect(validateAmount('Holiday Price', 100001)).toBe('Holiday Price should be in Between 0 to 100000');
    expect(validateAmount('Night Price', '-0.01')).toBe('Night Price should be in Between 0 to 100000');
    expect(validateAmount('Amount', -1)).toBe('Amount should be in Between 0 to 100000');
  });
});

describe('validateProcessingFee', () => {
  it('accepts a fee below the price', () => {
    expect(validateProcessingFee('99.99', '100')).toBeNull();
    expect(validateProcessingFee(10, 500)).toBeNull();
  });

  it('refuses a fee equal to or above the price', () => {
    expect(validateProcessingFee('100', '100')).toBe('Please give Processing fee less than the actual price');
    expect(validateProcessingFee(150, 100)).toBe('Please give Processing fee less than the actual price');
  });

  it('lets a zero fee through, even on a zero price', () => {
    expect(validateProcessingFee('0', '0')).toBeNull();
    expect(validateProcessingFee(0, 100)).toBeNull();
  });

  it('leaves unreadable values to validateAmount', () => {
    expect(validateProcessingFee('abc', '100')).toBeNull();
    expect(validateProcessingFee('50', '')).toBeNull();
  });
});
