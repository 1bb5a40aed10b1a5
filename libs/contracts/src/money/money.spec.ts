import { describe, expect, it } from '@jest/globals';
import { parseMinorUnits } from '@rayworks/validation';
import { addMoney, formatBasisPoints, formatExactMoney, formatMoney, money, moneySchema } from './money.js';

describe('Money', () => {
  it('is whole minor units with a currency; a fractional amount or an unknown currency is refused', () => {
    expect(moneySchema.parse({ amountMinor: 9950, currency: 'INR' })).toEqual({ amountMinor: 9950, currency: 'INR' });
    expect(moneySchema.safeParse({ amountMinor: 99.5, currency: 'INR' }).success).toBe(false);
    expect(moneySchema.safeParse({ amountMinor: 100, currency: 'XXX' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount: 100, currency: 'INR' }).success).toBe(false);
  });

  it("adds '0.1' and '0.2' rupees to exactly '₹0.30'", () => {
    const sum = addMoney(money(parseMinorUnits('0.1')!), money(parseMinorUnits('0.2')!));
    expect(sum).toEqual({ amountMinor: 30, currency: 'INR' });
    expect(formatMoney(sum)).toBe('₹0.30');
  });

  it('formats from minor units with Intl.NumberFormat, exactly, in Indian grouping', () => {
    expect(formatMoney(money(12345678))).toBe('₹1,23,456.78');
    expect(formatMoney(money(-5))).toBe('-₹0.05');
    expect(formatMoney(money(Number.MAX_SAFE_INTEGER))).toBe('₹9,00,71,99,25,47,409.91');
    expect(formatMoney(money(100000), 'en-US')).toBe('₹1,000.00');
  });

  it('formats an exact amount with the currency digits at least and every digit it has, from its text', () => {
    expect(formatExactMoney('1234.5')).toBe('₹1,234.50');
    expect(formatExactMoney('123456.78')).toBe('₹1,23,456.78');
    expect(formatExactMoney('10.005')).toBe('₹10.005');
    expect(formatExactMoney('0.000000001')).toBe('₹0.000000001');
    expect(formatExactMoney('90071992547409.915')).toBe('₹9,00,71,99,25,47,409.915');
    expect(formatExactMoney('-0.004')).toBe('-₹0.004');
    expect(formatExactMoney('12')).toBe('₹12.00');
    expect(() => formatExactMoney('1e3')).toThrow(/not a decimal amount/);
    expect(() => formatExactMoney('12.5.1')).toThrow(/not a decimal amount/);
  });

  it('shows basis points as a percentage', () => {
    expect(formatBasisPoints(1250)).toBe('12.5%');
    expect(formatBasisPoints(10000)).toBe('100%');
  });
});
